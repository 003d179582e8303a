import type { Job as JobOut } from "@workbench/contracts";
import type { Db } from "../db/client.js";
import type { Job } from "../db/schema/index.js";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.js";
import type { JobQueue } from "../jobs/queue.js";
import { findJobOfUser, listJobsOfUser } from "../repositories/jobs.js";
import { requireWorkspace } from "./workspaces.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job, if it is the user's; anything else (malformed, unknown, another user's) is the same 404. */
export async function requireJob(db: Db, userId: string, jobId: string): Promise<Job> {
  const job = UUID.test(jobId) ? await findJobOfUser(db, userId, jobId) : undefined;
  if (!job) throw new NotFoundError("Job not found");
  return job;
}

export async function listJobs(
  db: Db,
  userId: string,
  options: { limit: number; workspaceId?: string },
): Promise<Job[]> {
  if (options.workspaceId) await requireWorkspace(db, userId, options.workspaceId);
  return listJobsOfUser(db, userId, options);
}

/** Queues a job users may start themselves, in a workspace of theirs. */
export async function createJob(
  deps: { db: Db; jobs: JobQueue },
  userId: string,
  input: { kind: string; workspaceId: string; payload: Record<string, unknown> },
): Promise<string> {
  await requireWorkspace(deps.db, userId, input.workspaceId);
  const definition = deps.jobs.definitions.get(input.kind);
  if (!definition?.public) throw new BadRequestError(`Unknown job kind '${input.kind}'`, { field: "kind" });
  // The workspace in the payload is always the checked one.
  return deps.jobs.send(
    input.kind,
    { ...input.payload, workspace_id: input.workspaceId },
    {
      userId,
      workspaceId: input.workspaceId,
    },
  );
}

/** Cancels one of the user's jobs that is still queued or running; answers it as it now stands. */
export async function cancelJob(deps: { db: Db; jobs: JobQueue }, userId: string, jobId: string): Promise<Job> {
  const job = await requireJob(deps.db, userId, jobId);
  const cancelled = await deps.jobs.cancel(job.id, job.kind);
  if (!cancelled) throw new ConflictError(`The job has already ended (${job.status})`);
  return requireJob(deps.db, userId, job.id);
}

export function presentJob(job: Job, now = new Date()): JobOut {
  const end = job.finishedAt ?? (job.status === "running" ? now : null);
  return {
    id: job.id,
    workspace_id: job.workspaceId,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    progress_message: job.progressMessage,
    payload: job.payloadSummary,
    result: job.result ?? null,
    error: job.error,
    attempts: job.attempts,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    duration_ms: job.startedAt && end ? Math.max(0, end.getTime() - job.startedAt.getTime()) : null,
  };
}
