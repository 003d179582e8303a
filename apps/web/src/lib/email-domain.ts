/** The domain after the LAST "@", lower-cased; undefined when there is none. */
export function emailDomain(email: string | null | undefined): string | undefined {
  const trimmed = (email ?? "").trim();
  const at = trimmed.lastIndexOf("@");
  if (at < 0 || at === trimmed.length - 1) return undefined;
  return trimmed.slice(at + 1).toLowerCase();
}

/**
 * Sign-up needs a work address: a missing or blank e-mail, or one whose domain is in the blocked
 * list (consumer mail providers), is refused.
 */
export function isAllowedEmail(email: string | null | undefined, blockedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  if (!domain) return false;
  return !blockedDomains.some((blocked) => blocked.toLowerCase() === domain);
}

export const SIGN_UP_BLOCKED_MESSAGE =
  "Sign-up failed: Please use an organizational email address. Emails from this domain are not allowed.";
export const SIGN_IN_BLOCKED_MESSAGE =
  "Sign-in failed: Please use an organizational email address. Emails from this domain are not allowed.";
export const RESEND_BLOCKED_MESSAGE =
  "Verification emails can only be sent to organizational email addresses. Emails from this domain are not allowed.";

export function oauthBlockedMessage(domain: string): string {
  return `Sign-in failed: Please use an organizational email address. Email from domain ${domain} is not allowed.`;
}

export class OrganizationalEmailRequired extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrganizationalEmailRequired";
  }
}
