import { hash, verify } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 8;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (the package exports the enum as a const enum, unusable with isolatedModules).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no user, so response time does not reveal accounts. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The reasons a password is too weak, in the terms of the Supabase Auth `weak_password` error. */
export function weakPasswordReasons(password: string): string[] {
  return [...password].length < MIN_PASSWORD_LENGTH ? ["length"] : [];
}
