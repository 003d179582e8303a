import type { MailMessage } from "./mailer.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The sign-up confirmation mail carrying the verification link. */
export function confirmSignupMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your e-mail address",
    text: [
      "Welcome to Evidence Workbench.",
      "",
      "Confirm your e-mail address to finish signing up:",
      link,
      "",
      "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
    ].join("\n"),
    html: [
      "<p>Welcome to Evidence Workbench.</p>",
      "<p>Confirm your e-mail address to finish signing up:</p>",
      `<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>`,
      "<p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p>",
    ].join("\n"),
  };
}
