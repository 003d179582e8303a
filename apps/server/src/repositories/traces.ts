import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Trace, traces } from "../db/schema/index.js";

export async function insertTrace(db: Db, values: typeof traces.$inferInsert): Promise<Trace> {
  const [row] = await db.insert(traces).values(values).returning();
  return row!;
}

export async function listTracesOfJob(db: Db, jobId: string): Promise<Trace[]> {
  return db.select().from(traces).where(eq(traces.jobId, jobId)).orderBy(asc(traces.createdAt), asc(traces.id));
}
