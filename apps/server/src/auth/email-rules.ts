/** The domain after the last @, lower-cased; empty when there is none. */
export function emailDomain(email: string | undefined | null): string {
  const value = (email ?? "").trim();
  const at = value.lastIndexOf("@");
  return at < 0 ? "" : value.slice(at + 1).toLowerCase();
}

/** A missing or blank address, or one at a blocked (consumer) domain, is refused. */
export function isBlockedEmail(email: string | undefined | null, blockedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain === "" || blockedDomains.includes(domain);
}

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 320 && EMAIL_SHAPE.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const SIGN_UP_BLOCKED =
  "Sign-up failed: Please use an organizational email address. Emails from this domain are not allowed.";
export const SIGN_IN_BLOCKED =
  "Sign-in failed: Please use an organizational email address. Emails from this domain are not allowed.";
export const RESEND_BLOCKED =
  "Verification emails can only be sent to organizational email addresses. Emails from this domain are not allowed.";
export const googleBlocked = (domain: string) =>
  `Sign-in failed: Please use an organizational email address. Email from domain ${domain} is not allowed.`;
