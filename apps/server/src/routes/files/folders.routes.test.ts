import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../../test/factories.js";
import type { Workspace } from "../../db/schema/index.js";
import { multipartBody } from "./multipart-body.js";
import { backends, createFilesTestContext, type FilesTestContext } from "./test-backends.js";

describe.each(backends)("folders API on the %s backend", (backend) => {
  let ctx: FilesTestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let workspace: Workspace;

  beforeAll(async () => {
    ctx = await createFilesTestContext(backend);
    owner = await buildUser(ctx);
    stranger = await buildUser(ctx);
    workspace = await buildWorkspace(ctx, owner.user);
  });
  afterAll(async () => ctx.close());

  const base = () => `/api/v1/workspaces/${workspace.id}`;

  async function createFolder(name: string, parentId?: string, as = owner, workspaceId = workspace.id) {
    return ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspaceId}/folders`,
      headers: as.headers,
      payload: parentId ? { name, parent_id: parentId } : { name },
    });
  }

  async function made(name: string, parentId?: string): Promise<{ id: string; name: string; display_name: string }> {
    const res = await createFolder(name, parentId);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function uploadInto(folderId: string, name: string, data: string): Promise<string> {
    const body = multipartBody([{ filename: name, data }]);
    const res = await ctx.app.inject({
      method: "POST",
      url: `${base()}/files?folder_id=${folderId}`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().file_id;
  }

  const resolve = (path: string, as = owner) =>
    ctx.app.inject({ method: "GET", url: `${base()}/folders/resolve?path=${encodeURIComponent(path)}`, headers: as.headers });

  it("creates a folder with its display name as typed and a URL name", async () => {
    const folder = await made("  Q1 Evidence – Payroll ");
    expect(folder).toMatchObject({ display_name: "Q1 Evidence – Payroll", name: "q1-evidence-payroll", parent_id: null });
  });

  it("nests folders to any depth and resolves a path by name or display name", async () => {
    let parentId: string | undefined;
    const chain: string[] = [];
    for (const name of ["FY2025", "Controls", "ITGC 01", "Samples", "Week 1"]) {
      const folder = await made(name, parentId);
      chain.push(folder.id);
      parentId = folder.id;
    }
    const byName = await resolve("fy2025/controls/itgc-01/samples/week-1");
    expect(byName.statusCode).toBe(200);
    expect(byName.json().folders.map((f: { id: string }) => f.id)).toEqual(chain);
    const byDisplayName = await resolve("FY2025/Controls/ITGC 01/Samples/Week 1/");
    expect(byDisplayName.json().folders.map((f: { id: string }) => f.id)).toEqual(chain);
    const contents = await ctx.app.inject({
      method: "GET",
      url: `${base()}/contents?folder_id=${chain[1]}`,
      headers: owner.headers,
    });
    expect(contents.json().folders.map((f: { display_name: string }) => f.display_name)).toEqual(["ITGC 01"]);
  });

  it("answers 404 when a segment of the path is missing", async () => {
    await made("Existing");
    const res = await resolve("existing/missing");
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Folder 'missing' not found");
  });

  it("resolves an empty path to the root (no folders)", async () => {
    const res = await resolve("");
    expect(res.statusCode).toBe(200);
    expect(res.json().folders).toEqual([]);
  });

  it("refuses a second folder with the same name under the same parent with 409", async () => {
    const parent = await made("Dupes");
    await made("Invoices", parent.id);
    const again = await createFolder("invoices", parent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("A folder named 'invoices' already exists here.");
    // The same name elsewhere is fine.
    expect((await createFolder("Invoices")).statusCode).toBe(201);
  });

  it.each([
    ["a/b", "must not contain '/' or '\\'"],
    ["a\\b", "must not contain '/' or '\\'"],
    ["line\nbreak", "must not contain control characters"],
    ["..", "must not be '.' or '..'"],
    ["   ", "Folder name is required."],
  ])("refuses the folder name %j with 400", async (name, message) => {
    const res = await createFolder(name);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(message);
  });

  it("renames a folder and refuses a name a sibling has", async () => {
    const a = await made("Alpha-R");
    await made("Beta-R");
    const renamed = await ctx.app.inject({
      method: "PATCH",
      url: `${base()}/folders/${a.id}`,
      headers: owner.headers,
      payload: { name: "Gamma R" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: a.id, display_name: "Gamma R", name: "gamma-r" });
    expect((await resolve("gamma-r")).json().folders[0].id).toBe(a.id);
    const clash = await ctx.app.inject({
      method: "PATCH",
      url: `${base()}/folders/${a.id}`,
      headers: owner.headers,
      payload: { name: "beta-r" },
    });
    expect(clash.statusCode).toBe(409);
  });

  it("refuses to delete a folder that is not empty unless recursive, and keeps it", async () => {
    const parent = await made("Busy");
    await made("Child", parent.id);
    const res = await ctx.app.inject({ method: "DELETE", url: `${base()}/folders/${parent.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/not empty/);
    expect((await resolve("busy/child")).statusCode).toBe(200);

    const withFile = await made("Has file");
    await uploadInto(withFile.id, "x.txt", "x");
    const res2 = await ctx.app.inject({ method: "DELETE", url: `${base()}/folders/${withFile.id}`, headers: owner.headers });
    expect(res2.statusCode).toBe(409);
  });

  it("deletes an empty folder", async () => {
    const folder = await made("Empty one");
    const res = await ctx.app.inject({ method: "DELETE", url: `${base()}/folders/${folder.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(204);
    expect((await resolve("empty-one")).statusCode).toBe(404);
  });

  it("deletes a folder tree recursively with every file's object, and nothing else", async () => {
    const keep = await made("Keep");
    const keptFile = await uploadInto(keep.id, "keep.txt", "stays");
    const top = await made("Doomed");
    const mid = await made("Mid", top.id);
    const low = await made("Low", mid.id);
    const ids = [await uploadInto(top.id, "1.txt", "one"), await uploadInto(mid.id, "2.txt", "two"), await uploadInto(low.id, "3.txt", "three")];
    const keysBefore = await ctx.objectKeys();
    for (const id of ids) expect(keysBefore).toContain(`ws/${workspace.id}/${id}`);

    const res = await ctx.app.inject({
      method: "DELETE",
      url: `${base()}/folders/${top.id}?recursive=true`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    const keysAfter = await ctx.objectKeys();
    for (const id of ids) expect(keysAfter).not.toContain(`ws/${workspace.id}/${id}`);
    expect(keysAfter).toContain(`ws/${workspace.id}/${keptFile}`);
    expect((await resolve("doomed")).statusCode).toBe(404);
    const gone = await ctx.app.inject({ method: "GET", url: `${base()}/contents?folder_id=${low.id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
  });

  it("answers 404 for an unknown parent folder", async () => {
    const res = await createFolder("Orphan", "00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
  });

  describe("isolation between users", () => {
    let folder: { id: string };
    let theirs: Workspace;
    beforeAll(async () => {
      folder = await made("Private folder");
      theirs = await buildWorkspace(ctx, stranger.user);
    });

    it("answers 404 when creating a folder in another user's workspace", async () => {
      const res = await createFolder("Sneaky", undefined, stranger, workspace.id);
      expect(res.statusCode).toBe(404);
    });

    it("answers 404 when using another user's folder as a parent in one's own workspace", async () => {
      const res = await createFolder("Sneaky", folder.id, stranger, theirs.id);
      expect(res.statusCode).toBe(404);
    });

    it("answers 404 when renaming, deleting or resolving in another user's workspace", async () => {
      const rename = await ctx.app.inject({
        method: "PATCH",
        url: `${base()}/folders/${folder.id}`,
        headers: stranger.headers,
        payload: { name: "Mine now" },
      });
      expect(rename.statusCode).toBe(404);
      for (const url of [`${base()}/folders/${folder.id}`, `${base()}/folders/${folder.id}?recursive=true`]) {
        const res = await ctx.app.inject({ method: "DELETE", url, headers: stranger.headers });
        expect(res.statusCode).toBe(404);
      }
      expect((await resolve("private-folder", stranger)).statusCode).toBe(404);
      // Through their own workspace id, the folder does not exist either.
      const viaOwn = await ctx.app.inject({
        method: "DELETE",
        url: `/api/v1/workspaces/${theirs.id}/folders/${folder.id}`,
        headers: stranger.headers,
      });
      expect(viaOwn.statusCode).toBe(404);
      expect((await resolve("private-folder")).statusCode).toBe(200);
    });

    it("answers 404 when listing another user's folder", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/v1/workspaces/${theirs.id}/contents?folder_id=${folder.id}`,
        headers: stranger.headers,
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
