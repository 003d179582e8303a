import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer.js";

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587, smtps:// for implicit TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // STARTTLS is used whenever the server offers it; a loopback sink without TLS still works.
    ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
  });
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
