import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type AuthSession, authSessions, type RefreshToken, refreshTokens } from "../db/schema/index.js";

export async function insertSession(db: Db, values: typeof authSessions.$inferInsert): Promise<AuthSession> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

export async function findSession(db: Db, id: string): Promise<AuthSession | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db.update(authSessions).set({ refreshedAt: new Date() }).where(eq(authSessions.id, id));
}

/** Ends a session; its refresh tokens go with it (ON DELETE CASCADE). */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      exceptSessionId
        ? and(eq(authSessions.userId, userId), ne(authSessions.id, exceptSessionId))
        : eq(authSessions.userId, userId),
    );
}

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<RefreshToken> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  return row!;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshToken | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Revokes the token if it is still active and answers it. The conditional UPDATE is atomic:
 * of two concurrent refreshes with the same token, only one gets the row.
 */
export async function revokeActiveRefreshToken(db: Db, tokenHash: string): Promise<RefreshToken | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ revoked: true, revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.revoked, false)))
    .returning();
  return row;
}
