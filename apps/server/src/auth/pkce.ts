import { createHash } from "node:crypto";
import { constantTimeEqual } from "./secrets.js";

export type CodeChallengeMethod = "s256" | "plain";

/** Parses the method the way Supabase Auth does: case-insensitive, s256 or plain. */
export function parseChallengeMethod(method: string | null | undefined): CodeChallengeMethod | undefined {
  const value = method?.toLowerCase();
  return value === "s256" || value === "plain" ? value : undefined;
}

/** RFC 7636: the verifier matches when its S256 hash (or itself, for plain) equals the challenge. */
export function verifierMatches(challenge: string, method: CodeChallengeMethod, verifier: string): boolean {
  const computed = method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return constantTimeEqual(computed, challenge);
}
