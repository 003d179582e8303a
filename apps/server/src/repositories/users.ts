import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Identity, identities, type User, users } from "../db/schema/index.js";

export type NewUser = typeof users.$inferInsert;
export type NewIdentity = typeof identities.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Inserts the user, or answers undefined when the address is taken (also by a concurrent insert). */
export async function insertUserIfEmailFree(db: Db, values: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/**
 * Claims the right to send a confirmation mail: stamps confirmation_sent_at only when the last
 * mail is at least `minIntervalSeconds` old, in one statement, so of concurrent requests exactly
 * one wins. Answers the claimed time, or undefined when another mail went out too recently.
 */
export async function claimConfirmationSend(db: Db, id: string, minIntervalSeconds: number): Promise<Date | undefined> {
  const [row] = await db
    .update(users)
    // Millisecond precision, so the claim can be matched again by a JavaScript Date on release.
    .set({ confirmationSentAt: sql`date_trunc('milliseconds', now())`, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, id),
        sql`(${users.confirmationSentAt} IS NULL OR ${users.confirmationSentAt} <= now() - make_interval(secs => ${minIntervalSeconds}))`,
      ),
    )
    .returning({ confirmationSentAt: users.confirmationSentAt });
  return row?.confirmationSentAt ?? undefined;
}

/** Gives a claim back after the mail could not be sent, unless a later claim replaced it. */
export async function releaseConfirmationSend(
  db: Db,
  id: string,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(users)
    .set({ confirmationSentAt: previous })
    .where(and(eq(users.id, id), eq(users.confirmationSentAt, claimedAt)));
}

/** Confirms the address unless already confirmed; the original confirmation time is kept. */
export async function confirmUserEmail(db: Db, id: string): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function listIdentitiesOfUser(db: Db, userId: string): Promise<Identity[]> {
  return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(identities.createdAt);
}

export async function findIdentity(db: Db, provider: string, providerId: string): Promise<Identity | undefined> {
  const [row] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerId, providerId)))
    .limit(1);
  return row;
}

export async function insertIdentity(db: Db, values: NewIdentity): Promise<Identity> {
  const [row] = await db
    .insert(identities)
    .values(values)
    .onConflictDoUpdate({
      target: [identities.provider, identities.providerId],
      set: { identityData: values.identityData, lastSignInAt: values.lastSignInAt, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateIdentitiesOfUser(
  db: Db,
  userId: string,
  provider: string,
  values: Partial<NewIdentity>,
): Promise<void> {
  await db
    .update(identities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identities.userId, userId), eq(identities.provider, provider)));
}
