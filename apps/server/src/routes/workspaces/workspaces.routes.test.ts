import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace } from "../../../test/factories.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

function ensure(headers: Record<string, string>, payload?: object) {
  return ctx.app.inject({ method: "POST", url: "/api/v1/workspaces/", headers, ...(payload ? { payload } : {}) });
}

describe("GET /api/v1/workspaces/", () => {
  it("answers an empty list when the user has none", async () => {
    const { headers } = await buildUser(ctx);
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/workspaces/", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists the caller's workspaces and never another user's", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const team = await buildWorkspace(ctx, alice.user, { displayName: "Alice's audit team" });
    await buildWorkspace(ctx, bob.user, { displayName: "Bob's secret team" });
    await ensure(alice.headers);

    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/workspaces/", headers: alice.headers });
    const list = res.json() as { id: string; display_name: string; type: string; created_at: string }[];
    expect(list.map((w) => w.display_name).sort()).toEqual(
      ["Alice's audit team", expect.stringContaining("'s Workspace")].sort(),
    );
    expect(list.find((w) => w.id === team.id)).toMatchObject({
      type: "team",
      created_at: team.createdAt.toISOString(),
    });
    expect(list.some((w) => w.display_name.startsWith("Bob"))).toBe(false);
  });

  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/workspaces/" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Not authenticated" });
  });
});

describe("POST /api/v1/workspaces/", () => {
  it("creates the personal workspace once (201), then answers it (200)", async () => {
    const { headers } = await buildUser(ctx, { userMetadata: { first_name: "Ada", last_name: "Lovelace" } });
    const first = await ensure(headers, {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ display_name: "Ada Lovelace's Workspace", type: "personal" });
    const second = await ensure(headers);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
  });

  it("names the workspace from display_name when given", async () => {
    const { headers } = await buildUser(ctx, { userMetadata: { first_name: "Ada" } });
    const res = await ensure(headers, { display_name: "  Grace  " });
    expect(res.json().display_name).toBe("Grace's Workspace");
  });

  it("prefers the profile's display name, then full name, then first and last name, then the e-mail local part", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ display_name: "Auditor One", full_name: "X", first_name: "Y" }, "Auditor One's Workspace"],
      [{ full_name: "Full Name", first_name: "Y" }, "Full Name's Workspace"],
      [{ first_name: "Only" }, "Only's Workspace"],
    ];
    for (const [meta, expected] of cases) {
      const { headers } = await buildUser(ctx, { userMetadata: meta });
      expect((await ensure(headers)).json().display_name).toBe(expected);
    }
    const { headers, user } = await buildUser(ctx);
    const localPart = user.email.slice(0, user.email.lastIndexOf("@"));
    expect((await ensure(headers)).json().display_name).toBe(`${localPart}'s Workspace`);
  });

  it("makes exactly one workspace when ensured concurrently", async () => {
    const { headers, user } = await buildUser(ctx);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ensure(headers)));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const { rows } = await ctx.database.sql.query("SELECT id FROM workspaces WHERE owner_id = $1", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it("refuses a display_name that is not text", async () => {
    const { headers } = await buildUser(ctx);
    const res = await ensure(headers, { display_name: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("display_name");
  });

  it("answers 401 without a session", async () => {
    expect((await ensure({})).statusCode).toBe(401);
  });
});
