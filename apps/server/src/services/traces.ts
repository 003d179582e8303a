import type { Trace as TraceOut } from "@workbench/contracts";
import type { Db } from "../db/client.js";
import type { Trace } from "../db/schema/index.js";
import { listTracesOfJob } from "../repositories/traces.js";
import { requireJob } from "./jobs.js";

/** The traces of one of the user's jobs, oldest first (the order the steps ran). */
export async function listJobTraces(db: Db, userId: string, jobId: string): Promise<Trace[]> {
  const job = await requireJob(db, userId, jobId);
  return listTracesOfJob(db, job.id);
}

export function presentTrace(trace: Trace): TraceOut {
  return {
    id: trace.id,
    job_id: trace.jobId,
    step: trace.step,
    inputs: trace.inputs,
    output: trace.output ?? null,
    model: trace.model,
    provider: trace.provider,
    prompt_tokens: trace.promptTokens,
    completion_tokens: trace.completionTokens,
    total_tokens: trace.totalTokens,
    latency_ms: trace.latencyMs,
    error: trace.error,
    created_at: trace.createdAt.toISOString(),
  };
}
