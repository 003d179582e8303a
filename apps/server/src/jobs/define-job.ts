import type { z } from "zod";
import type { AppDeps } from "../app.js";
import type { AiProvider } from "../ai/provider.js";

/** What a job handler may use: the same dependencies the API has, minus the queue itself. */
export type JobDeps = Omit<AppDeps, "jobs">;

export interface JobContext {
  deps: JobDeps;
  jobId: string;
  userId: string;
  workspaceId: string | null;
  /** Aborted when the job outlives its expiry; long handlers should pass it on. */
  signal: AbortSignal;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** The configured AI provider, with every call written as a trace of this job. */
  ai: AiProvider;
  /** The same, naming the image in traces (e.g. `{ file_id }`) so they point at the stored file. */
  aiFor(imageRef: Record<string, unknown>): AiProvider;
  /** Runs one step and records it as a trace (inputs, output, model, tokens, latency, error). */
  trace<T>(step: string, fn: () => Promise<T>, inputs?: Record<string, unknown>): Promise<T>;
  /** Reports progress 0-100 with an optional message for the Agents screen. */
  progress(percent: number, message?: string): Promise<void>;
}

export interface JobRetryPolicy {
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** Queue name; also the job's kind in the API. */
  name: string;
  schema: S;
  /** Whether users may enqueue it through POST /api/v1/jobs. */
  public?: boolean;
  /** What is stored and shown of the payload; never file bytes. Defaults to the payload itself. */
  summarize?(payload: z.output<S>): Record<string, unknown>;
  policy?: JobRetryPolicy;
  handler(payload: z.output<S>, ctx: JobContext): Promise<R>;
}

/** Jobs are data plus a handler; the queue behind them is an implementation detail. */
export function defineJob<S extends z.ZodType, R>(definition: JobDefinition<S, R>): JobDefinition<S, R> {
  return definition;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every payload type
export type AnyJobDefinition = JobDefinition<any, any>;
