import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/harness.js";
import { jobs, users, workspaces } from "../db/schema/index.js";
import { findNulByte } from "./reject-nul-bytes.js";

let ctx: TestContext;
let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await buildUser(ctx);
  workspaceId = (await buildWorkspace(ctx, owner.user)).id;
});
afterAll(async () => ctx.close());

const NUL = "\u0000";

function post(url: string, payload: unknown, headers: Record<string, string> = owner.headers) {
  return ctx.app.inject({ method: "POST", url, headers, payload: payload as object });
}

describe("findNulByte", () => {
  it("names the path of the first string holding a NUL character", () => {
    expect(findNulByte({ a: [{ b: "ok" }, { c: `x${NUL}` }] })).toBe("a.1.c");
    expect(findNulByte(`a${NUL}`)).toBe("");
    expect(findNulByte({ [`k${NUL}`]: 1 })).toBe(`k${NUL}`);
  });

  it("finds nothing in clean input", () => {
    expect(findNulByte({ a: ["x", 1, null, true, { b: "émoji 🧾" }] })).toBeUndefined();
    expect(findNulByte(undefined)).toBeUndefined();
  });
});

describe("text with a NUL character", () => {
  it("is refused with 400 when it names a new workspace, and no workspace is made", async () => {
    const newcomer = await buildUser(ctx);
    const res = await post("/api/v1/workspaces/", { display_name: `Audit${NUL}team` }, newcomer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: "Invalid body field 'display_name': text must not contain NUL characters",
      field: "display_name",
    });
    const all = await ctx.database.db.select().from(workspaces);
    expect(all.some((w) => w.ownerId === newcomer.user.id)).toBe(false);
  });

  it("is refused with 400 in a job payload, and no job is recorded", async () => {
    const res = await post("/api/v1/jobs", {
      kind: "extract-items",
      workspace_id: workspaceId,
      payload: { file_id: "00000000-0000-4000-8000-000000000000", queries: [`total${NUL}`] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Invalid body field 'payload.queries.0': text must not contain NUL characters");
    expect(await ctx.database.db.select().from(jobs)).toEqual([]);
  });

  it("is refused with 400 in an extraction query, a judgement, a retest and an export", async () => {
    const fileId = "00000000-0000-4000-8000-000000000000";
    const calls = [
      ["query", { file_id: fileId, user_queries: [`total${NUL}`] }],
      ["analyze", { file_id: fileId, attributes: [`signed${NUL}`] }],
      ["retest", { file_id: fileId, control_description: `c${NUL}`, test_attributes: ["a"] }],
      ["export_excel", { file_id: fileId, boxes: [{ x: 0, y: 0, width: 1, height: 1, label: `A${NUL}` }] }],
    ] as const;
    for (const [action, payload] of calls) {
      const res = await post(`/api/v1/workspaces/${workspaceId}/${action}`, payload);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().detail, action).toMatch(/^Invalid body field '.+': text must not contain NUL characters$/);
    }
  });

  it("is refused with 400 when it names a folder, and no folder is made", async () => {
    const res = await post(`/api/v1/workspaces/${workspaceId}/folders`, { name: `Q1${NUL}evidence` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("name");
    const listing = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${workspaceId}/contents`,
      headers: owner.headers,
    });
    expect(listing.json().folders).toEqual([]);
  });

  it("is refused with 400 in a chat message", async () => {
    const res = await post("/api/v1/chat-completion", { messages: [{ role: "user", content: `hi${NUL}` }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Invalid body field 'messages.0.content': text must not contain NUL characters");
  });

  it("is refused at sign-up, sign-in and resend in the auth error shape, creating no user", async () => {
    const apikey = { apikey: ctx.config.ANON_KEY };
    const before = (await ctx.database.db.select().from(users)).length;
    const calls = [
      ["/auth/v1/signup", { email: `a${NUL}b@audit-firm.example`, password: "long enough password" }],
      ["/auth/v1/signup", { email: "meta@audit-firm.example", password: "long enough password", data: { n: NUL } }],
      ["/auth/v1/token?grant_type=password", { email: `a${NUL}b@audit-firm.example`, password: "x" }],
      ["/auth/v1/resend", { type: "signup", email: `a${NUL}b@audit-firm.example` }],
    ] as const;
    for (const [url, payload] of calls) {
      const res = await post(url, payload, apikey);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: "validation_failed",
        msg: expect.stringContaining("text must not contain NUL characters"),
      });
    }
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
  });
});
