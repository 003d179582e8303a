import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../../test/factories.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { type OpenAiStub, replyWith, startOpenAiStub, stubbedAiEnv } from "../../../test/openai-stub.js";
import type { Workspace } from "../../db/schema/index.js";
import { insertJob } from "../../repositories/jobs.js";
import { insertTrace } from "../../repositories/traces.js";
import { multipartBody } from "../files/multipart-body.js";

describe("jobs API", () => {
  let stub: OpenAiStub;
  let ctx: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let workspace: Workspace;
  let otherWorkspace: Workspace;

  beforeAll(async () => {
    stub = await startOpenAiStub();
    ctx = await createTestContext(stubbedAiEnv(stub, { JOBS_POLL_INTERVAL_SECONDS: "0.5" }));
    owner = await buildUser(ctx);
    stranger = await buildUser(ctx);
    workspace = await buildWorkspace(ctx, owner.user);
    otherWorkspace = await buildWorkspace(ctx, stranger.user);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  /** A job row as the runner leaves it, created `secondsAgo` in the past. */
  async function seedJob(user: TestUser, options: { workspaceId?: string; secondsAgo?: number; kind?: string } = {}) {
    return insertJob(ctx.database.db, {
      id: randomUUID(),
      userId: user.user.id,
      workspaceId: options.workspaceId ?? null,
      kind: options.kind ?? "extract-items",
      status: "completed",
      progress: 100,
      payloadSummary: { queries: ["total"] },
      result: { items: [] },
      attempts: 1,
      createdAt: new Date(Date.now() - (options.secondsAgo ?? 0) * 1000),
      startedAt: new Date(Date.now() - (options.secondsAgo ?? 0) * 1000),
      finishedAt: new Date(Date.now() - (options.secondsAgo ?? 0) * 1000 + 1500),
    });
  }

  const get = (url: string, as: TestUser = owner) => ctx.app.inject({ method: "GET", url, headers: as.headers });

  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/jobs" });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeTruthy();
  });

  it("lists only the caller's jobs, newest first, 50 by default", async () => {
    const lister = await buildUser(ctx);
    for (let i = 0; i < 55; i += 1) await seedJob(lister, { secondsAgo: 100 - i, kind: `kind-${i}` });
    await seedJob(stranger);

    const res = await get("/api/v1/jobs", lister);
    expect(res.statusCode).toBe(200);
    const { jobs } = res.json();
    expect(jobs).toHaveLength(50);
    expect(jobs[0].kind).toBe("kind-54");
    expect(jobs[49].kind).toBe("kind-5");
    expect(jobs[0]).toMatchObject({
      status: "completed",
      progress: 100,
      duration_ms: 1500,
      payload: { queries: ["total"] },
    });

    const limited = await get("/api/v1/jobs?limit=3", lister);
    expect(limited.json().jobs.map((j: { kind: string }) => j.kind)).toEqual(["kind-54", "kind-53", "kind-52"]);
  });

  it("refuses a limit above 200 with 400", async () => {
    const res = await get("/api/v1/jobs?limit=201");
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/limit/);
  });

  it("filters by workspace and answers 404 for another user's workspace", async () => {
    const inWorkspace = await seedJob(owner, { workspaceId: workspace.id });
    await seedJob(owner);
    const res = await get(`/api/v1/jobs?workspace_id=${workspace.id}`);
    expect(res.json().jobs.map((j: { id: string }) => j.id)).toEqual([inWorkspace.id]);

    const foreign = await get(`/api/v1/jobs?workspace_id=${otherWorkspace.id}`);
    expect(foreign.statusCode).toBe(404);
  });

  it("answers a job's details and 404 for another user's job or a malformed id", async () => {
    const job = await seedJob(owner);
    const mine = await get(`/api/v1/jobs/${job.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: job.id, kind: "extract-items", attempts: 1, error: null });

    expect((await get(`/api/v1/jobs/${job.id}`, stranger)).statusCode).toBe(404);
    expect((await get("/api/v1/jobs/not-a-uuid")).statusCode).toBe(404);
  });

  it("answers a job's traces in step order and 404 for another user's job", async () => {
    const job = await seedJob(owner);
    await insertTrace(ctx.database.db, {
      jobId: job.id,
      step: "ai.extractItems",
      inputs: { image: { file_id: "f1" }, queries: ["total"] },
      output: { items: [] },
      model: "gpt-4o",
      provider: "openai",
      promptTokens: 100,
      completionTokens: 20,
      totalTokens: 120,
      latencyMs: 850,
    });
    const res = await get(`/api/v1/jobs/${job.id}/traces`);
    expect(res.statusCode).toBe(200);
    expect(res.json().traces).toEqual([
      expect.objectContaining({
        job_id: job.id,
        step: "ai.extractItems",
        model: "gpt-4o",
        provider: "openai",
        prompt_tokens: 100,
        completion_tokens: 20,
        total_tokens: 120,
        latency_ms: 850,
        error: null,
      }),
    ]);
    const foreign = await get(`/api/v1/jobs/${job.id}/traces`, stranger);
    expect(foreign.statusCode).toBe(404);
  });

  it("cancels the caller's queued job, answers 409 once it has ended and 404 for another user's job", async () => {
    const job = await insertJob(ctx.database.db, {
      id: randomUUID(),
      userId: owner.user.id,
      kind: "extract-items",
      status: "queued",
      payloadSummary: {},
    });
    const cancel = (as: TestUser = owner) =>
      ctx.app.inject({ method: "POST", url: `/api/v1/jobs/${job.id}/cancel`, headers: as.headers });

    expect((await cancel(stranger)).statusCode).toBe(404);
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, status: "cancelled" });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("The job has already ended (cancelled)");
  });

  describe("POST /api/v1/jobs with extract-items", () => {
    async function uploadImage(): Promise<string> {
      const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer();
      const body = multipartBody([{ filename: "receipt.png", data: png, contentType: "image/png" }]);
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/v1/workspaces/${workspace.id}/files`,
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBeLessThan(300);
      return res.json().file_id;
    }

    async function waitForEnd(id: string) {
      return vi.waitFor(
        async () => {
          const job = (await get(`/api/v1/jobs/${id}`)).json();
          if (job.status !== "completed" && job.status !== "failed") throw new Error(`job is ${job.status}`);
          return job;
        },
        { timeout: 20_000, interval: 100 },
      );
    }

    it("queues the job, runs it on the file and traces the AI call with the file id", async () => {
      const fileId = await uploadImage();
      stub.enqueue(
        replyWith(
          JSON.stringify({
            results: [{ query: "total", answer: "$12.00", box: { x: 0.5, y: 0.5, width: 0.2, height: 0.1 } }],
          }),
          { prompt_tokens: 900, completion_tokens: 30 },
        ),
      );
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/jobs",
        headers: owner.headers,
        payload: {
          kind: "extract-items",
          workspace_id: workspace.id,
          payload: { file_id: fileId, queries: ["Total"] },
        },
      });
      expect(res.statusCode).toBe(202);
      const job = await waitForEnd(res.json().id);
      expect(job).toMatchObject({
        status: "completed",
        workspace_id: workspace.id,
        payload: { file_id: fileId, queries: ["total"] },
        result: { items: [{ query: "total", answer: "$12.00", confidence: 0.9 }] },
      });

      const traces = (await get(`/api/v1/jobs/${job.id}/traces`)).json().traces;
      expect(traces).toHaveLength(1);
      expect(traces[0]).toMatchObject({ step: "ai.extractItems", model: "gpt-4o", total_tokens: 930 });
      expect(traces[0].inputs.image.file_id).toBe(fileId);
      expect(JSON.stringify(traces[0].inputs)).not.toMatch(/base64/);
    });

    it("fails at once, without retries, when the file does not exist", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/jobs",
        headers: owner.headers,
        payload: {
          kind: "extract-items",
          workspace_id: workspace.id,
          payload: { file_id: randomUUID(), queries: ["x"] },
        },
      });
      const job = await waitForEnd(res.json().id);
      expect(job).toMatchObject({ status: "failed", attempts: 1, error: "File not found." });
    });

    it("answers 404 for another user's workspace and queues nothing", async () => {
      const before = (await get("/api/v1/jobs?limit=200")).json().jobs.length;
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/jobs",
        headers: owner.headers,
        payload: {
          kind: "extract-items",
          workspace_id: otherWorkspace.id,
          payload: { file_id: randomUUID(), queries: ["x"] },
        },
      });
      expect(res.statusCode).toBe(404);
      expect((await get("/api/v1/jobs?limit=200")).json().jobs.length).toBe(before);
    });

    it("answers 400 for an unknown kind or an invalid payload", async () => {
      const unknown = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/jobs",
        headers: owner.headers,
        payload: { kind: "mine-bitcoin", workspace_id: workspace.id, payload: {} },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ detail: "Unknown job kind 'mine-bitcoin'", field: "kind" });

      const invalid = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/jobs",
        headers: owner.headers,
        payload: { kind: "extract-items", workspace_id: workspace.id, payload: { file_id: randomUUID(), queries: [] } },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().detail).toMatch(/Please specify at least one item to extract\./);
    });
  });
});
