import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { buildUser, type TestUser } from "../../test/factories.js";
import { createTestContext, openTestDatabase, type TestContext } from "../../test/harness.js";
import { type OpenAiStub, replyWith, startOpenAiStub, stubbedAiEnv } from "../../test/openai-stub.js";
import { type Database, openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import type { Job } from "../db/schema/index.js";
import { findJob, markJobRunning } from "../repositories/jobs.js";
import { listTracesOfJob } from "../repositories/traces.js";
import { type AnyJobDefinition, defineJob } from "./define-job.js";
import { createJobQueue, type JobQueue } from "./queue.js";

const attemptsByKey = new Map<string, number>();

/** Fails its first `failTimes` runs, then answers how many runs it took. */
const flakyJob = defineJob({
  name: "test-flaky",
  schema: z.object({ key: z.string(), failTimes: z.number().int() }),
  policy: { retryLimit: 2, retryDelaySeconds: 1 },
  handler: async ({ key, failTimes }, ctx) => {
    const seen = (attemptsByKey.get(key) ?? 0) + 1;
    attemptsByKey.set(key, seen);
    if (seen <= failTimes) throw new Error(`planned failure ${seen}`);
    return { runs: seen, attempt: ctx.attempt };
  },
});

/** Makes one traced AI call and one traced plain step, reporting progress in between. */
const aiJob = defineJob({
  name: "test-ai",
  schema: z.object({ question: z.string() }),
  handler: async ({ question }, ctx) => {
    const answer = await ctx.ai.chat({ messages: [{ role: "user", content: question }] });
    await ctx.progress(50, "asked the model");
    const words = await ctx.trace("count-words", async () => answer.completion.split(/\s+/).length, {
      completion: answer.completion,
    });
    return { answer: answer.completion, words };
  },
});

/** Hangs on its first run (until the queue gives up on it), then succeeds. */
const hangsOnceJob = defineJob({
  name: "test-hangs-once",
  schema: z.object({ key: z.string() }),
  policy: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 1 },
  handler: async ({ key }, ctx) => {
    const seen = (attemptsByKey.get(key) ?? 0) + 1;
    attemptsByKey.set(key, seen);
    if (seen === 1) await new Promise(() => {});
    return { attempt: ctx.attempt };
  },
});

const signalsSeen = new Map<string, AbortSignal>();

/** Waits until told to stop through its signal, as a long handler should. */
const waitsForSignalJob = defineJob({
  name: "test-waits-for-signal",
  schema: z.object({ key: z.string() }),
  handler: async ({ key }, ctx) => {
    signalsSeen.set(key, ctx.signal);
    await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
    return { stopped: true };
  },
});

async function waitForStatus(database: Database, id: string, statuses: Job["status"][]): Promise<Job> {
  return vi.waitFor(
    async () => {
      const job = await findJob(database.db, id);
      if (!job || !statuses.includes(job.status)) throw new Error(`job is ${job?.status ?? "missing"}`);
      return job;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe("job queue", () => {
  let stub: OpenAiStub;
  let ctx: TestContext;
  let owner: TestUser;
  let queue: JobQueue;

  beforeAll(async () => {
    stub = await startOpenAiStub();
    ctx = await createTestContext(stubbedAiEnv(stub, { JOBS_POLL_INTERVAL_SECONDS: "0.5" }));
    owner = await buildUser(ctx);
    queue = createJobQueue({
      config: ctx.config,
      database: ctx.database,
      deps: () => ctx.app.deps,
      work: true,
      definitions: [flakyJob, aiJob, hangsOnceJob, waitsForSignalJob],
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop({ timeoutMs: 1000 });
    await ctx.close();
    await stub.close();
  });

  it("records a sent job as queued with its payload summary", async () => {
    const id = await queue.send("test-flaky", { key: "summary", failTimes: 0 }, { userId: owner.user.id });
    const job = await findJob(ctx.database.db, id);
    expect(job).toMatchObject({
      kind: "test-flaky",
      userId: owner.user.id,
      payloadSummary: { key: "summary", failTimes: 0 },
    });
    const done = await waitForStatus(ctx.database, id, ["completed"]);
    expect(done.result).toEqual({ runs: 1, attempt: 1 });
  });

  it("refuses an unknown kind or an invalid payload and records nothing", async () => {
    await expect(queue.send("no-such-job", {}, { userId: owner.user.id })).rejects.toMatchObject({ status: 400 });
    await expect(queue.send("test-flaky", { key: 1 }, { userId: owner.user.id })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("'key'"),
    });
  });

  it("retries a handler that throws and completes on the second attempt", async () => {
    const id = await queue.send("test-flaky", { key: "retry", failTimes: 1 }, { userId: owner.user.id });
    const job = await waitForStatus(ctx.database, id, ["completed", "failed"]);
    expect(job.status).toBe("completed");
    expect(job.attempts).toBe(2);
    expect(job.result).toEqual({ runs: 2, attempt: 2 });
    expect(job.error).toBeNull();
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
  });

  it("marks a job failed with its error after the last retry", async () => {
    const id = await queue.send("test-flaky", { key: "fail", failTimes: 99 }, { userId: owner.user.id });
    const job = await waitForStatus(ctx.database, id, ["completed", "failed"]);
    expect(job.status).toBe("failed");
    expect(job.attempts).toBe(3);
    expect(job.error).toBe("planned failure 3");
    expect(attemptsByKey.get("fail")).toBe(3);
  });

  it("gives up on a run that outlives its expiry and retries it", async () => {
    const id = await queue.send("test-hangs-once", { key: "hang" }, { userId: owner.user.id });
    const job = await waitForStatus(ctx.database, id, ["completed", "failed"]);
    expect(job.status).toBe("completed");
    expect(job.result).toEqual({ attempt: 2 });
  });

  it("writes a trace for every AI call and step with model, tokens and latency", async () => {
    stub.enqueue(replyWith("three word answer", { prompt_tokens: 21, completion_tokens: 4 }));
    const id = await queue.send("test-ai", { question: "What is tested?" }, { userId: owner.user.id });
    const job = await waitForStatus(ctx.database, id, ["completed", "failed"]);
    expect(job).toMatchObject({
      status: "completed",
      progress: 100,
      result: { answer: "three word answer", words: 3 },
    });

    const traces = await listTracesOfJob(ctx.database.db, id);
    expect(traces.map((t) => t.step)).toEqual(["ai.chat", "count-words"]);
    const [chat, count] = traces;
    expect(chat).toMatchObject({
      provider: "openai",
      model: "gpt-4o-mini",
      promptTokens: 21,
      completionTokens: 4,
      totalTokens: 25,
      error: null,
      output: { completion: "three word answer" },
    });
    expect(chat!.inputs).toMatchObject({ messages: [{ role: "user", content: "What is tested?" }] });
    expect(chat!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(count).toMatchObject({ model: null, output: 3, inputs: { completion: "three word answer" } });
  });

  it("cancels a running job: its handler is told, its record says cancelled and it is not retried", async () => {
    const id = await queue.send("test-waits-for-signal", { key: "cancel" }, { userId: owner.user.id });
    await waitForStatus(ctx.database, id, ["running"]);
    await vi.waitFor(() => expect(signalsSeen.get("cancel")).toBeDefined());

    expect(await queue.cancel(id, "test-waits-for-signal")).toBe(true);
    expect(signalsSeen.get("cancel")!.aborted).toBe(true);
    const job = await findJob(ctx.database.db, id);
    expect(job).toMatchObject({ status: "cancelled", attempts: 1, result: null });
    expect(job!.finishedAt).not.toBeNull();
    expect(await queue.cancel(id, "test-waits-for-signal")).toBe(false);
  });

  it("fails the record of a job pg-boss expired on its last attempt after a crash", async () => {
    const sender = createJobQueue({
      config: ctx.config,
      database: ctx.database,
      deps: () => ctx.app.deps,
      work: false,
      definitions: [{ ...flakyJob, name: "test-never-worked" }],
    });
    const id = await sender.send("test-never-worked", { key: "crash", failTimes: 0 }, { userId: owner.user.id });
    // What a crashed run on the last attempt leaves: our row running, pg-boss's expiry failing it.
    await markJobRunning(ctx.database.db, id, 3);
    await ctx.database.sql.query(
      `UPDATE pgboss.job SET state = 'failed', output = '{"value":{"message":"job failed by timeout in active state"}}'::jsonb WHERE id = $1`,
      [id],
    );
    expect(await sender.reconcile()).toBe(1);
    const job = await findJob(ctx.database.db, id);
    expect(job).toMatchObject({ status: "failed", error: "job failed by timeout in active state" });
    expect(await sender.reconcile()).toBe(0);
    await sender.stop({ timeoutMs: 1000 });
  });

  it("records a failed AI call as a trace with its error", async () => {
    stub.setDefault({ status: 400, body: { error: { message: "model not found" } } });
    const id = await queue.send("test-ai", { question: "Anything?" }, { userId: owner.user.id });
    await waitForStatus(ctx.database, id, ["queued", "failed"]);
    const traces = await vi.waitFor(async () => {
      const rows = await listTracesOfJob(ctx.database.db, id);
      if (!rows.length) throw new Error("no trace yet");
      return rows;
    });
    expect(traces[0]).toMatchObject({
      step: "ai.chat",
      output: null,
      error: expect.stringContaining("model not found"),
    });
    stub.reset();
  });
});

describe("job queue across a restart", () => {
  it("finishes a job whose server stopped mid-run once a new runner starts on the same database", async () => {
    const place = await openRestartableDatabase();
    const owner = { id: "" };
    let release: (() => void) | undefined;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });

    const definition = (runs: "block" | "finish"): AnyJobDefinition =>
      defineJob({
        name: "test-restart",
        schema: z.object({ n: z.number() }),
        policy: { retryLimit: 2, retryDelaySeconds: 1 },
        handler: async ({ n }, ctx) => {
          if (runs === "block") {
            release?.();
            await new Promise(() => {});
          }
          return { doubled: n * 2, attempt: ctx.attempt };
        },
      });

    const first = await place.open();
    owner.id = await insertOwner(first);
    const firstQueue = createTestQueue(first, definition("block"));
    await firstQueue.start();
    const id = await firstQueue.send("test-restart", { n: 21 }, { userId: owner.id });
    await started;
    expect((await findJob(first.db, id))?.status).toBe("running");
    await firstQueue.stop({ timeoutMs: 1000 });
    await first.close();

    const second = await place.open();
    const secondQueue = createTestQueue(second, definition("finish"));
    await secondQueue.start();
    const job = await waitForStatus(second, id, ["completed", "failed"]);
    expect(job).toMatchObject({ status: "completed", result: { doubled: 42, attempt: 2 }, attempts: 2 });
    await secondQueue.stop({ timeoutMs: 1000 });
    await second.close();
    await place.drop();
  });
});

function createTestQueue(database: Database, definition: AnyJobDefinition): JobQueue {
  const config = {
    JOBS_CONCURRENCY: 1,
    JOBS_POLL_INTERVAL_SECONDS: 0.5,
    JOBS_RETRY_LIMIT: 2,
    JOBS_RETRY_DELAY_SECONDS: 1,
    JOBS_EXPIRE_SECONDS: 60,
  } as TestContext["config"];
  return createJobQueue({
    config,
    database,
    // This job makes no AI calls; the queue still wraps a provider for it.
    deps: () => ({ config, database, ai: { name: "local" } }) as never,
    work: true,
    definitions: [definition],
  });
}

async function insertOwner(database: Database): Promise<string> {
  const { rows } = await database.sql.query<{ id: string }>(
    "INSERT INTO users (email, email_confirmed_at) VALUES ('restart@example-audit.com', now()) RETURNING id",
  );
  return rows[0]!.id;
}

/** A database a second process can reopen: PGlite in a directory on disk, or a PostgreSQL database. */
async function openRestartableDatabase(): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const { database, drop } = await openTestDatabase();
    const url = database.url!;
    let handed = false;
    return {
      open: async () => {
        if (!handed) {
          handed = true;
          return database;
        }
        return openDatabase({ databaseUrl: url });
      },
      drop: async () => {
        await drop().catch(() => {});
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "wb-restart-"));
  return {
    open: async () => {
      const database = await openDatabase({ pgliteDir: dir });
      await runMigrations(database);
      return database;
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
