import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { AnalyzeResponse, QueryResponse } from "@workbench/contracts";
import type { AppDeps } from "../app.js";
import { traced } from "../ai/traced.js";
import { AppError } from "../errors.js";
import { findJob, insertJob, markJobCompleted, markJobFailed, markJobRunning } from "../repositories/jobs.js";
import { jobTraceSink } from "../jobs/trace-sink.js";
import { loadEvidenceImage } from "./extraction-evidence.js";
import { presentQueryResults } from "./extraction-results.js";
import { requireWorkspace } from "./workspaces.js";

export type ExtractionDeps = Pick<AppDeps, "config" | "database" | "storage" | "ai" | "jobs">;

export const QUERY_JOB_KIND = "extraction.query";
export const ANALYZE_JOB_KIND = "extraction.analyze";
export const RETEST_JOB_KIND = "extraction.retest";

// How often a waiting request looks at its job; the job row is the only shared state, so this
// works the same when a separate worker process runs the job.
const JOB_POLL_MS = 100;
/** Analysis jobs give up after this long; a waiting request stops a little later. */
export const ANALYZE_JOB_EXPIRE_SECONDS = 600;

/**
 * Finds the requested items on an evidence image. The provider runs in the request (the screen waits
 * on it) but the call is still recorded as a job with its trace, so it shows on the Agents screen.
 */
export async function queryDocument(
  deps: ExtractionDeps,
  userId: string,
  workspaceId: string,
  input: { file_id: string; user_queries: string[] },
): Promise<QueryResponse> {
  const { file, bytes } = await loadEvidenceImage(deps, userId, workspaceId, input.file_id);
  const db = deps.database.db;
  const jobId = randomUUID();
  await insertJob(db, {
    id: jobId,
    userId,
    workspaceId,
    kind: QUERY_JOB_KIND,
    status: "queued",
    payloadSummary: { file_id: file.id, file_name: file.displayName, user_queries: input.user_queries },
  });
  await markJobRunning(db, jobId, 1);
  try {
    const ai = traced(deps.ai, jobTraceSink(db, jobId), { imageRef: { file_id: file.id } });
    const { items } = await ai.extractItems(bytes, input.user_queries);
    const results = presentQueryResults(input.user_queries, items);
    await markJobCompleted(db, jobId, { results });
    return { job_id: jobId, results };
  } catch (error) {
    await markJobFailed(db, jobId, error instanceof Error ? error.message : String(error));
    if (error instanceof AppError) throw error;
    throw new AppError(502, "Failed to extract annotation data");
  }
}

/** Queues an attribute judgement and waits for the job; the answer carries its job id. */
export async function analyzeDocument(
  deps: ExtractionDeps,
  userId: string,
  workspaceId: string,
  input: { file_id: string; control_description: string; attributes: string[] },
  kind: typeof ANALYZE_JOB_KIND | typeof RETEST_JOB_KIND = ANALYZE_JOB_KIND,
): Promise<AnalyzeResponse> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  // Refuse a foreign or non-image file now, with its own status, rather than as a failed job.
  const { file } = await loadEvidenceImage(deps, userId, workspaceId, input.file_id);
  const jobId = await deps.jobs.send(
    kind,
    { file_id: file.id, control_description: input.control_description, attributes: input.attributes },
    { userId, workspaceId },
  );
  const result = await waitForJob(deps, jobId);
  return { job_id: jobId, ...(result as Omit<AnalyzeResponse, "job_id">) };
}

async function waitForJob(deps: ExtractionDeps, jobId: string): Promise<unknown> {
  const deadline = Date.now() + (ANALYZE_JOB_EXPIRE_SECONDS + 30) * 1000;
  while (Date.now() < deadline) {
    const job = await findJob(deps.database.db, jobId);
    if (job?.status === "completed") return job.result;
    if (job?.status === "failed" || job?.status === "cancelled") {
      const message = job.error ? `Failed to analyze the document: ${job.error}` : "Failed to analyze the document.";
      throw new AppError(502, message, { job_id: jobId });
    }
    await sleep(JOB_POLL_MS);
  }
  throw new AppError(504, "The analysis is taking longer than expected; follow it on the Agents screen.", {
    job_id: jobId,
  });
}
