import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";
import { workspaces } from "./workspaces.js";

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Our own record of every job, kept in step by the runner. The id is the pg-boss job id, but the
 * API reads only this table, so it never depends on pg-boss internals or its archive policy.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    progressMessage: text("progress_message"),
    /** What the job was asked to do, without file bytes. */
    payloadSummary: jsonb("payload_summary").$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb("result"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_user_created_idx").on(t.userId, t.createdAt),
    index("jobs_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

export type Job = typeof jobs.$inferSelect;

/** One AI call (or other step) made by a job: what went in, what came out, what it cost. */
export const traces = pgTable(
  "traces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    /** Images are recorded as file ids, never as bytes. */
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull().default({}),
    output: jsonb("output"),
    model: text("model"),
    provider: text("provider"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    totalTokens: integer("total_tokens"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("traces_job_created_idx").on(t.jobId, t.createdAt)],
);

export type Trace = typeof traces.$inferSelect;
