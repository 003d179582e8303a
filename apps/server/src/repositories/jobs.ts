import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
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
    .where(and(eq(jobs.id, id), ne(jobs.status, "cancelled")));
}

export async function markJobCompleted(db: Db, id: string, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "completed", progress: 100, result: result ?? null, error: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), ne(jobs.status, "cancelled")));
}

/** A failed attempt that the queue will retry: back to queued, keeping the error for the record. */
export async function markJobRetrying(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "queued", error })
    .where(and(eq(jobs.id, id), ne(jobs.status, "cancelled")));
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

/** Cancels a job that has not finished; answers whether it did (a finished job stays as it is). */
export async function markJobCancelled(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "cancelled", finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Brings rows still queued or running in line with pg-boss for jobs it has ended on its own: a run
 * cut short by a crash on its last attempt is failed by pg-boss's expiry, with nobody left to
 * update our row. Reads pg-boss's tables (live and archive) in `schema`.
 */
export async function reconcileJobsWithQueue(db: Db, schema: string): Promise<number> {
  const job = sql.raw(`${schema}.job`);
  const archive = sql.raw(`${schema}.archive`);
  const result = await db.execute(sql`
    WITH ended AS (
      SELECT id, state::text AS state, output FROM ${job} WHERE state IN ('failed', 'cancelled')
      UNION ALL
      SELECT id, state::text AS state, output FROM ${archive} WHERE state IN ('failed', 'cancelled')
    )
    UPDATE jobs SET
      status = CASE WHEN ended.state = 'cancelled' THEN 'cancelled' ELSE 'failed' END,
      error = coalesce(ended.output->'value'->>'message', ended.output->>'message', jobs.error, 'The job stopped without finishing'),
      finished_at = now()
    FROM ended
    WHERE jobs.id = ended.id AND jobs.status IN ('queued', 'running')
    RETURNING jobs.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
