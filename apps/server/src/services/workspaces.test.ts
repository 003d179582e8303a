import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/harness.js";
import { NotFoundError } from "../errors.js";
import { personalWorkspaceName, requireWorkspace } from "./workspaces.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe("requireWorkspace", () => {
  it("answers the workspace of its owner", async () => {
    const { user } = await buildUser(ctx);
    const workspace = await buildWorkspace(ctx, user);
    expect((await requireWorkspace(ctx.database.db, user.id, workspace.id)).id).toBe(workspace.id);
  });

  it("throws 404 'Workspace not found' when the workspace belongs to another user", async () => {
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const workspace = await buildWorkspace(ctx, owner.user);
    const attempt = requireWorkspace(ctx.database.db, other.user.id, workspace.id);
    await expect(attempt).rejects.toBeInstanceOf(NotFoundError);
    await expect(attempt).rejects.toMatchObject({ status: 404, message: "Workspace not found" });
  });

  it("throws 404 for an unknown id and for an id that is not a uuid", async () => {
    const { user } = await buildUser(ctx);
    await expect(requireWorkspace(ctx.database.db, user.id, randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(requireWorkspace(ctx.database.db, user.id, "not-a-uuid")).rejects.toMatchObject({
      status: 404,
      message: "Workspace not found",
    });
  });
});

describe("personalWorkspaceName", () => {
  it("uses the local part before the last @", () => {
    expect(personalWorkspaceName({ email: '"odd@name"@firm.example', userMetadata: {} })).toBe(
      `"odd@name"'s Workspace`,
    );
  });

  it("does not double the suffix", () => {
    expect(personalWorkspaceName({ email: "a@b.example", userMetadata: {} }, "Team's Workspace")).toBe(
      "Team's Workspace",
    );
  });
});
