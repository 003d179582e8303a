import type { TraceRecord, TraceSink } from "../ai/traced.js";
import type { Db } from "../db/client.js";
import { insertTrace } from "../repositories/traces.js";

/** Writes each traced step as a trace row of the job, for the Agents screen. */
export function jobTraceSink(db: Db, jobId: string): TraceSink {
  return async (record: TraceRecord) => {
    await insertTrace(db, {
      jobId,
      step: record.step,
      inputs: record.inputs,
      output: record.output ?? null,
      model: record.model ?? null,
      provider: record.provider ?? null,
      promptTokens: record.usage?.prompt_tokens ?? null,
      completionTokens: record.usage?.completion_tokens ?? null,
      totalTokens: record.usage?.total_tokens ?? null,
      latencyMs: record.latencyMs,
      error: record.error ?? null,
    });
  };
}
