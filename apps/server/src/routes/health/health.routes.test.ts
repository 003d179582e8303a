import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, testDatabaseKind } from "../../../test/harness.js";

describe("GET /api/v1/health", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it("answers ok with the database kind and a measured latency", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(body.database.kind).toBe(testDatabaseKind);
    expect(body.database.ok).toBe(true);
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 degraded when the database is gone", async () => {
    const own = await createTestContext();
    await own.database.close();
    const res = await own.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe("degraded");
    await own.close();
  });

  it("serves the OpenAPI document at /api/docs", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/v1/health"]).toBeDefined();
  });
});
