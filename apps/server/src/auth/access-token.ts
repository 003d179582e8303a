import { SignJWT, jwtVerify } from "jose";
import type { User } from "../db/schema/index.js";
import { UnauthorizedError } from "../errors.js";

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
  role: string;
  aud: string;
  exp: number;
  iat: number;
}

export type AuthMethod = "password" | "oauth" | "otp";

const encoder = new TextEncoder();

/** Signs the short-lived access token of a session, shaped like the Supabase Auth JWT. */
export async function signAccessToken(
  secret: string,
  user: Pick<User, "id" | "email" | "userMetadata" | "appMetadata">,
  sessionId: string,
  expiresInSeconds: number,
  /** How the session began (the JWT `amr` claim): password, oauth or otp (an e-mail link). */
  method: AuthMethod = "password",
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresAt = iat + expiresInSeconds;
  const token = await new SignJWT({
    email: user.email,
    phone: "",
    role: "authenticated",
    aal: "aal1",
    amr: [{ method, timestamp: iat }],
    session_id: sessionId,
    is_anonymous: false,
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(encoder.encode(secret));
  return { token, expiresAt };
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ["HS256"],
      audience: "authenticated",
    });
    if (typeof payload.sub !== "string") throw new Error("no subject");
    return payload as unknown as AccessClaims;
  } catch {
    throw new UnauthorizedError("Invalid or expired access token");
  }
}
