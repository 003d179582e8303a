import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { traced, runTraced } from "../ai/traced.js";
import type { Config } from "../config/env.js";
import type { Database } from "../db/client.js";
import { AppError, BadRequestError } from "../errors.js";
import {
  deleteJob,
  insertJob,
  markJobCancelled,
  markJobCompleted,
  markJobFailed,
  markJobRetrying,
  markJobRunning,
  reconcileJobsWithQueue,
  updateJobProgress,
} from "../repositories/jobs.js";
import type { AnyJobDefinition, JobContext, JobDeps } from "./define-job.js";
import { pgliteBossAdapter } from "./pglite-adapter.js";
import { jobDefinitions } from "./registry.js";
import { jobTraceSink } from "./trace-sink.js";

export interface JobLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  config: Config;
  database: Database;
  /** Dependencies handed to handlers; a function because the app builds them after the queue. */
  deps: () => JobDeps;
  /** Whether this process runs handlers (false: it only sends, workers elsewhere run them). */
  work: boolean;
  definitions?: AnyJobDefinition[];
  logger?: JobLogger;
}

export interface SendMeta {
  userId: string;
  workspaceId?: string | null;
}

export interface JobQueue {
  readonly definitions: ReadonlyMap<string, AnyJobDefinition>;
  start(): Promise<void>;
  /** Validates the payload, records the job and queues it; answers the job id. */
  send(name: string, payload: unknown, meta: SendMeta): Promise<string>;
  /** Cancels a queued or running job; a handler running in this process sees `ctx.signal` abort. */
  cancel(jobId: string, kind: string): Promise<boolean>;
  /** Ends our rows of jobs pg-boss ended on its own (expired on a last attempt after a crash). */
  reconcile(): Promise<number>;
  /** Stops taking work; a job still running after `timeoutMs` is handed back to the queue for a retry. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

interface Envelope {
  payload: unknown;
  userId: string;
  workspaceId: string | null;
}

const cancellation = new Error("The job was cancelled");

const silentLogger: JobLogger = { error: () => {}, warn: () => {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { config, database } = options;
  const db = database.db;
  const logger = options.logger ?? silentLogger;
  const definitions = new Map((options.definitions ?? jobDefinitions).map((d) => [d.name, d]));

  const common = {
    // No cron schedules: maintenance (expiring stalled jobs, archiving) is all we need.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
  };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ ...common, db: pgliteBossAdapter(database.pglite!) })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4, application_name: "workbench-jobs" });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  // After each maintenance pass (which expires stalled runs) our table catches up.
  boss.on("maintenance", () => {
    reconcileJobsWithQueue(db, BOSS_SCHEMA).catch((error) => logger.warn({ err: error }, "job reconcile failed"));
  });

  const workerIds: string[] = [];
  const running = new Map<string, AbortController>();
  const BOSS_SCHEMA = "pgboss";
  let starting: Promise<void> | undefined;
  let stopped = false;

  async function ensureQueue(definition: AnyJobDefinition) {
    const policy = {
      retryLimit: definition.policy?.retryLimit ?? config.JOBS_RETRY_LIMIT,
      retryDelay: definition.policy?.retryDelaySeconds ?? config.JOBS_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: definition.policy?.expireInSeconds ?? config.JOBS_EXPIRE_SECONDS,
    };
    // create_queue does nothing when the queue exists, so the update keeps policies current.
    await boss.createQueue(definition.name, { name: definition.name, ...policy });
    await boss.updateQueue(definition.name, { name: definition.name, ...policy });
  }

  async function run(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<Envelope>): Promise<unknown> {
    const attempt = job.retryCount + 1;
    await markJobRunning(db, job.id, attempt);
    const expiry = new AbortController();
    running.set(job.id, expiry);
    // Rejects when the run is given up on: it was cancelled, or its expiry passed (pg-boss gives
    // up then too; stopping at the same moment lets our record say why). The handler learns of
    // either through ctx.signal.
    const ended = new Promise<never>((_, reject) => {
      expiry.signal.addEventListener("abort", () => reject(expiry.signal.reason), { once: true });
    });
    const timer = setTimeout(
      () => expiry.abort(new Error(`The job ran longer than its limit of ${job.expireInSeconds} s`)),
      job.expireInSeconds * 1000,
    );
    timer.unref();
    try {
      const sink = jobTraceSink(db, job.id);
      const deps = options.deps();
      const ctx: JobContext = {
        deps,
        jobId: job.id,
        userId: job.data.userId,
        workspaceId: job.data.workspaceId,
        attempt,
        signal: expiry.signal,
        ai: traced(deps.ai, sink),
        aiFor: (imageRef) => traced(deps.ai, sink, { imageRef }),
        trace: (step, fn, inputs) => runTraced(sink, step, fn, inputs),
        progress: async (percent, message) => {
          const clamped = Math.round(Math.min(100, Math.max(0, percent)));
          await updateJobProgress(db, job.id, clamped, message ?? null);
        },
      };
      const payload = definition.schema.parse(job.data.payload);
      const result = await Promise.race([definition.handler(payload, ctx), ended]);
      await markJobCompleted(db, job.id, result ?? null);
      return undefined;
    } catch (error) {
      // Cancelled: our row already says so and pg-boss has stopped the job.
      if (error === cancellation) return undefined;
      const message = errorMessage(error);
      // A missing file or a bad payload stays wrong on every retry: fail now, and tell pg-boss
      // the run is over so it does not retry.
      if (error instanceof AppError && error.status < 500) {
        await markJobFailed(db, job.id, message);
        return { failed: message };
      }
      const lastAttempt = job.retryCount >= job.retryLimit;
      if (lastAttempt) await markJobFailed(db, job.id, message);
      else await markJobRetrying(db, job.id, message);
      // pg-boss records the failure and schedules the retry with back-off.
      throw error;
    } finally {
      clearTimeout(timer);
      running.delete(job.id);
    }
  }

  async function startOnce() {
    await boss.start();
    for (const definition of definitions.values()) await ensureQueue(definition);
    await reconcileJobsWithQueue(db, BOSS_SCHEMA);
    if (!options.work) return;
    for (const definition of definitions.values()) {
      for (let i = 0; i < config.JOBS_CONCURRENCY; i += 1) {
        let workerId = "";
        const id = await boss.work<Envelope>(
          definition.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: config.JOBS_POLL_INTERVAL_SECONDS },
          async ([job]) => {
            try {
              return await run(definition, job!);
            } finally {
              // pg-boss waits out the polling interval after each job; a worker that just
              // finished one asks for the next at once instead, so a backlog drains at full speed.
              boss.notifyWorker(workerId);
            }
          },
        );
        workerId = id;
        workerIds.push(id);
      }
    }
  }

  const queue: JobQueue = {
    definitions,

    start() {
      if (stopped) return Promise.reject(new Error("The job queue is stopped"));
      starting ??= startOnce();
      return starting;
    },

    async send(name, payload, meta) {
      const definition = definitions.get(name);
      if (!definition) throw new BadRequestError(`Unknown job kind '${name}'`, { field: "kind" });
      const checked = definition.schema.safeParse(payload);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = issue?.path.join(".") || undefined;
        throw new BadRequestError(
          `Invalid payload${field ? ` field '${field}'` : ""}: ${issue?.message ?? "bad input"}`,
          {
            field,
          },
        );
      }
      await queue.start();
      const id = randomUUID();
      // Our row first, so a worker that picks the job up at once always finds it.
      await insertJob(db, {
        id,
        userId: meta.userId,
        workspaceId: meta.workspaceId ?? null,
        kind: name,
        status: "queued",
        payloadSummary: definition.summarize?.(checked.data) ?? (checked.data as Record<string, unknown>),
      });
      try {
        const envelope: Envelope = {
          payload: checked.data,
          userId: meta.userId,
          workspaceId: meta.workspaceId ?? null,
        };
        await boss.send(name, envelope, { id });
      } catch (error) {
        await deleteJob(db, id);
        throw error;
      }
      // Wake this process's idle workers instead of waiting for their next poll.
      for (const workerId of workerIds) boss.notifyWorker(workerId);
      return id;
    },

    async cancel(jobId, kind) {
      await queue.start();
      const cancelled = await markJobCancelled(db, jobId);
      if (!cancelled) return false;
      await boss.cancel(kind, jobId);
      running.get(jobId)?.abort(cancellation);
      return true;
    },

    reconcile: () => reconcileJobsWithQueue(db, BOSS_SCHEMA),

    async stop(stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 10_000, wait: true, close: true });
    },
  };
  return queue;
}
