import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Job, jobs } from "../db/schema/index.js";

export async function insertJob(db: Db, values: typeof jobs.$inferInsert): Promise<Job> {
  const [row] = await db.insert(jobs).values(values).returning();
  return row!;
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

export async function findJobOfUser(db: Db, userId: string, id: string): Promise<Job | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .limit(1);
  return row;
}

export async function findJob(db: Db, id: string): Promise<Job | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export async function listJobsOfUser(
  db: Db,
  userId: string,
  options: { limit: number; workspaceId?: string },
): Promise<Job[]> {
  const where = options.workspaceId
    ? and(eq(jobs.userId, userId), eq(jobs.workspaceId, options.workspaceId))
    : eq(jobs.userId, userId);
  return db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(options.limit);
}

/** A run begins: the first start time is kept across retries. */
export async function markJobRunning(db: Db, id: string, attempt: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "running", attempts: attempt, startedAt: sql`coalesce(${jobs.startedAt}, now())`, finishedAt: null })
    .where(eq(jobs.id, id));
}

export async function markJobCompleted(db: Db, id: string, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "completed", progress: 100, result: result ?? null, error: null, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** A failed attempt that the queue will retry: back to queued, keeping the error for the record. */
export async function markJobRetrying(db: Db, id: string, error: string): Promise<void> {
  await db.update(jobs).set({ status: "queued", error }).where(eq(jobs.id, id));
}

export async function markJobFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "failed", error, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

export async function updateJobProgress(db: Db, id: string, progress: number, message: string | null): Promise<void> {
  await db.update(jobs).set({ progress, progressMessage: message }).where(eq(jobs.id, id));
}
