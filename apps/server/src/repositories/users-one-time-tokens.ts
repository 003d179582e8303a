import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type OneTimeToken, oneTimeTokens } from "../db/schema/index.js";

export async function insertOneTimeToken(db: Db, values: typeof oneTimeTokens.$inferInsert): Promise<OneTimeToken> {
  const [row] = await db.insert(oneTimeTokens).values(values).returning();
  return row!;
}

/** Marks the token used and answers it, once: a second use, or an expired token, answers undefined. */
export async function consumeOneTimeToken(db: Db, kind: string, tokenHash: string): Promise<OneTimeToken | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function deleteUnusedOneTimeTokens(db: Db, userId: string, kind: string): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
}
