import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 bits of randomness as URL-safe text: refresh tokens, mail tokens, auth codes, OAuth state. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as sha256 hashes only, so a database leak does not leak usable tokens. */
export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hmac(key: string, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
