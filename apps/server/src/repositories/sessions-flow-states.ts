import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type FlowState, flowStates, type OauthState, oauthStates } from "../db/schema/index.js";

export async function insertFlowState(db: Db, values: typeof flowStates.$inferInsert): Promise<FlowState> {
  const [row] = await db.insert(flowStates).values(values).returning();
  return row!;
}

/** Attaches the user and a fresh auth code to a PKCE flow that has not been used yet. */
export async function issueFlowStateCode(
  db: Db,
  id: string,
  userId: string,
  authCodeHash: string,
  expiresAt: Date,
): Promise<FlowState | undefined> {
  const [row] = await db
    .update(flowStates)
    .set({ userId, authCodeHash, expiresAt })
    .where(and(eq(flowStates.id, id), isNull(flowStates.usedAt)))
    .returning();
  return row;
}

export async function findFlowStateByCode(db: Db, authCodeHash: string): Promise<FlowState | undefined> {
  const [row] = await db.select().from(flowStates).where(eq(flowStates.authCodeHash, authCodeHash)).limit(1);
  return row;
}

/** Marks the flow used, once; a concurrent second exchange gets undefined. */
export async function consumeFlowState(db: Db, id: string): Promise<FlowState | undefined> {
  const [row] = await db
    .update(flowStates)
    .set({ usedAt: new Date() })
    .where(and(eq(flowStates.id, id), isNull(flowStates.usedAt), gt(flowStates.expiresAt, new Date())))
    .returning();
  return row;
}

export async function insertOauthState(db: Db, values: typeof oauthStates.$inferInsert): Promise<OauthState> {
  // Expired attempts nobody finished are swept here rather than by a timer.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  const [row] = await db.insert(oauthStates).values(values).returning();
  return row!;
}

/** Takes the pending sign-in out of the table (single use) if it has not expired. */
export async function takeOauthState(db: Db, stateHash: string): Promise<OauthState | undefined> {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
  return row && row.expiresAt > new Date() ? row : undefined;
}
