import { z } from "zod";

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** Jobs list default and cap (spec section 9: default 50). */
export const JOBS_LIST_DEFAULT_LIMIT = 50;
export const JOBS_LIST_MAX_LIMIT = 200;

export const Job = z.object({
  id: z.string(),
  workspace_id: z.string().nullable(),
  kind: z.string(),
  status: JobStatus,
  progress: z.number().int().min(0).max(100),
  progress_message: z.string().nullable(),
  /** What the job was asked to do, without file bytes. */
  payload: z.record(z.string(), z.unknown()),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** From first start to finish, or to now while running. */
  duration_ms: z.number().nullable(),
});
export type Job = z.infer<typeof Job>;

export const ListJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(JOBS_LIST_MAX_LIMIT).default(JOBS_LIST_DEFAULT_LIMIT),
  workspace_id: z.uuid().optional(),
});
export type ListJobsQuery = z.input<typeof ListJobsQuery>;

export const JobList = z.object({ jobs: z.array(Job) });
export type JobList = z.infer<typeof JobList>;

export const CreateJobBody = z.object({
  kind: z.string().min(1),
  workspace_id: z.uuid(),
  payload: z.record(z.string(), z.unknown()).default({}),
});
export type CreateJobBody = z.input<typeof CreateJobBody>;

export const CreatedJob = z.object({ id: z.string(), status: JobStatus });
export type CreatedJob = z.infer<typeof CreatedJob>;

export const Trace = z.object({
  id: z.string(),
  job_id: z.string(),
  step: z.string(),
  /** Images appear as file ids and hashes, never bytes. */
  inputs: z.record(z.string(), z.unknown()),
  output: z.unknown().nullable(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  total_tokens: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Trace = z.infer<typeof Trace>;

export const TraceList = z.object({ traces: z.array(Trace) });
export type TraceList = z.infer<typeof TraceList>;
