import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { AppError, ForbiddenError } from "../errors.js";

export interface SignedClaims {
  key: string;
  filename: string;
  contentType: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** A key of its own for download links, so a leaked link key never signs sessions and vice versa. */
export function deriveUrlSigningKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", jwtSecret, "evidence-workbench", "file-download-url", 32));
}

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

/** `<payload>.<signature>`, both base64url; the HMAC covers key, filename, content type and expiry. */
export function signToken(secret: Buffer, claims: SignedClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ k: claims.key, f: claims.filename, t: claims.contentType, e: claims.expiresAt }),
  ).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** Checks the signature first (so a forged expiry is never believed), then the expiry. */
export function verifyToken(secret: Buffer, token: string, now = Date.now()): SignedClaims {
  const invalid = new ForbiddenError("This download link is not valid.");
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) throw invalid;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  let raw: { k?: unknown; f?: unknown; t?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (typeof raw.k !== "string" || typeof raw.f !== "string" || typeof raw.t !== "string" || typeof raw.e !== "number") {
    throw invalid;
  }
  if (raw.e * 1000 <= now) throw new AppError(410, "This download link has expired. Request a new one.");
  return { key: raw.k, filename: raw.f, contentType: raw.t, expiresAt: raw.e };
}
