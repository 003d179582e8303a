import { createHash, randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../test/factories.js";
import type { Workspace } from "../db/schema/index.js";
import { multipartBody } from "../routes/files/multipart-body.js";
import { backends, createFilesTestContext, type FilesTestContext } from "../routes/files/test-backends.js";
import { getFileForUser } from "./files.js";

describe.each(backends)("getFileForUser on the %s backend", (backend) => {
  let ctx: FilesTestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let workspace: Workspace;
  let fileId: string;
  const data = randomBytes(64 * 1024);

  beforeAll(async () => {
    ctx = await createFilesTestContext(backend);
    owner = await buildUser(ctx);
    stranger = await buildUser(ctx);
    workspace = await buildWorkspace(ctx, owner.user);
    const body = multipartBody([{ filename: "evidence.bin", data }]);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspace.id}/files`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    fileId = res.json().file_id;
  });
  afterAll(async () => ctx.close());

  it("gives the owner the record and the exact bytes, as a stream and as a buffer", async () => {
    const handle = await getFileForUser(ctx.app.deps, owner.user.id, workspace.id, fileId);
    expect(handle.file).toMatchObject({ id: fileId, displayName: "evidence.bin", sizeBytes: data.length });
    expect(handle.file.sha256).toBe(createHash("sha256").update(data).digest("hex"));
    expect((await handle.readBuffer()).equals(data)).toBe(true);
    expect((await buffer(await handle.open())).equals(data)).toBe(true);
  });

  it("throws a 404 for another user, even with the right ids", async () => {
    await expect(getFileForUser(ctx.app.deps, stranger.user.id, workspace.id, fileId)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("throws a 404 for an unknown file", async () => {
    await expect(
      getFileForUser(ctx.app.deps, owner.user.id, workspace.id, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ status: 404, message: "File not found." });
  });
});
