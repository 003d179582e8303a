import { evidencePath } from "../../../test/fixtures.js";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { ContentsResponse } from "@workbench/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../../test/factories.js";
import type { Workspace } from "../../db/schema/index.js";
import { multipartBody, type PartSpec } from "./multipart-body.js";
import { backends, createFilesTestContext, type FilesTestContext } from "./test-backends.js";

const fixture = (name: string) => readFileSync(evidencePath(name));
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe.each(backends)("files API on the %s backend", (backend) => {
  let ctx: FilesTestContext;
  let owner: TestUser;
  let workspace: Workspace;
  let stranger: TestUser;
  let strangersWorkspace: Workspace;

  beforeAll(async () => {
    // A 1 MB limit keeps the oversize case quick.
    ctx = await createFilesTestContext(backend, { MAX_UPLOAD_MB: "1" });
    owner = await buildUser(ctx);
    workspace = await buildWorkspace(ctx, owner.user);
    stranger = await buildUser(ctx);
    strangersWorkspace = await buildWorkspace(ctx, stranger.user);
  });
  afterAll(async () => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function upload(parts: PartSpec[], options: { as?: TestUser; workspaceId?: string; folderId?: string } = {}) {
    const body = multipartBody(parts);
    const query = options.folderId ? `?folder_id=${options.folderId}` : "";
    return ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${options.workspaceId ?? workspace.id}/files${query}`,
      headers: { ...(options.as ?? owner).headers, ...body.headers },
      payload: body.payload,
    });
  }

  async function contents(workspaceId = workspace.id, as = owner, folderId?: string) {
    return ctx.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${workspaceId}/contents${folderId ? `?folder_id=${folderId}` : ""}`,
      headers: as.headers,
    });
  }

  async function downloadLink(fileId: string, as = owner, workspaceId = workspace.id) {
    return ctx.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${workspaceId}/files/${fileId}/download`,
      headers: as.headers,
    });
  }

  /** Follows a download URL the way a browser would: local links through this app, S3 links over HTTP. */
  async function fetchLink(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    if (backend === "local") {
      const parsed = new URL(url);
      const res = await ctx.app.inject({ method: "GET", url: parsed.pathname + parsed.search });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
    }
    const res = await fetch(url);
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  async function uploadOne(name: string, data: Buffer | string, folderId?: string): Promise<string> {
    const res = await upload([{ filename: name, data }], { folderId });
    expect(res.statusCode).toBe(201);
    return res.json().file_id;
  }

  it("stores an upload and returns the same bytes through the signed download URL", async () => {
    const data = randomBytes(300_000);
    const fileId = await uploadOne("bank statement (March).bin", data);

    const link = await downloadLink(fileId);
    expect(link.statusCode).toBe(200);
    expect(link.json().filename).toBe("bank statement (March).bin");

    const fetched = await fetchLink(link.json().url);
    expect(fetched.status).toBe(200);
    expect(sha256(fetched.body)).toBe(sha256(data));
    expect(fetched.headers["content-type"]).toBe("application/octet-stream");
    expect(fetched.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("bank statement (March).bin").replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
  });

  it("records size, sha256, creator, times and the type found in the bytes", async () => {
    const jpeg = fixture("access_review-002.jpg");
    const fileId = await uploadOne("review.txt", jpeg); // the name lies; the bytes decide
    const listing = (await contents()).json();
    const item = listing.files.find((f: { file_id: string }) => f.file_id === fileId);
    // Each field once, under the spec's names.
    expect(item).toEqual({
      file_id: fileId,
      display_name: "review.txt",
      size_bytes: jpeg.length,
      created_at: expect.any(String),
      created_by: owner.user.email,
      extension: "txt",
      sha256: sha256(jpeg),
      content_type: "image/jpeg",
      folder_id: null,
    });
    expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    // The listing is rendered by the database, so check it against the shared contract.
    expect(ContentsResponse.safeParse(listing).error).toBeUndefined();
  });

  it("falls back to the extension for text formats and to octet-stream otherwise", async () => {
    const csvId = await uploadOne("users.csv", "name,role\nana,admin\n");
    const unknownId = await uploadOne("blob", "plain words with no magic number");
    const pdfId = await uploadOne("report", "%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n");
    const files = (await contents()).json().files as { file_id: string; content_type: string }[];
    const typeOf = (id: string) => files.find((f) => f.file_id === id)?.content_type;
    expect(typeOf(csvId)).toBe("text/csv");
    expect(typeOf(unknownId)).toBe("application/octet-stream");
    expect(typeOf(pdfId)).toBe("application/pdf");
  });

  it("keeps a Unicode display name exactly and serves it in the RFC 6266 header", async () => {
    const name = "Prüfbericht – Q3 \u201cfinal\u201d 📎.png";
    const png = fixture("access_review-006.jpg");
    const fileId = await uploadOne(name, png);
    const link = (await downloadLink(fileId)).json();
    expect(link.filename).toBe(name);
    const fetched = await fetchLink(link.url);
    expect(fetched.headers["content-disposition"]).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(fetched.headers["content-disposition"]!)![1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(fetched.headers["content-type"]).toBe("image/jpeg");
  });

  it("stores several files sent in one request and lists each", async () => {
    const res = await upload([
      { filename: "a-one.txt", data: "first" },
      { filename: "a-two.txt", data: "second" },
      { filename: "a-three.txt", data: "third" },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.files.map((f: { display_name: string }) => f.display_name)).toEqual([
      "a-one.txt",
      "a-two.txt",
      "a-three.txt",
    ]);
    expect(body.file_id).toBe(body.files[0].file_id);
    for (const [i, text] of ["first", "second", "third"].entries()) {
      const fetched = await fetchLink((await downloadLink(body.files[i].file_id)).json().url);
      expect(fetched.body.toString()).toBe(text);
    }
  });

  it("lists folders first, then files by name ignoring case, and is never cached", async () => {
    const own = await buildWorkspace(ctx, owner.user);
    for (const name of ["beta.txt", "Alpha.txt", "gamma.txt"]) {
      const res = await upload([{ filename: name, data: name }], { workspaceId: own.id });
      expect(res.statusCode).toBe(201);
    }
    for (const name of ["Zeta", "eta"]) {
      await ctx.app.inject({
        method: "POST",
        url: `/api/v1/workspaces/${own.id}/folders`,
        headers: owner.headers,
        payload: { name },
      });
    }
    const res = await contents(own.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().folders.map((f: { display_name: string }) => f.display_name)).toEqual(["eta", "Zeta"]);
    expect(res.json().files.map((f: { display_name: string }) => f.display_name)).toEqual(["Alpha.txt", "beta.txt", "gamma.txt"]);
  });

  it("uploads into a folder and lists the file only there", async () => {
    const folder = (
      await ctx.app.inject({
        method: "POST",
        url: `/api/v1/workspaces/${workspace.id}/folders`,
        headers: owner.headers,
        payload: { name: "Payroll evidence" },
      })
    ).json();
    const fileId = await uploadOne("payslip.txt", "net pay", folder.id);
    const inFolder = (await contents(workspace.id, owner, folder.id)).json();
    expect(inFolder.files.map((f: { file_id: string }) => f.file_id)).toEqual([fileId]);
    expect(inFolder.files[0].folder_id).toBe(folder.id);
    const atRoot = (await contents()).json();
    expect(atRoot.files.some((f: { file_id: string }) => f.file_id === fileId)).toBe(false);
  });

  it("answers 404 for an upload into a folder of another workspace", async () => {
    const foreignFolder = (
      await ctx.app.inject({
        method: "POST",
        url: `/api/v1/workspaces/${strangersWorkspace.id}/folders`,
        headers: stranger.headers,
        payload: { name: "Theirs" },
      })
    ).json();
    const res = await upload([{ filename: "x.txt", data: "x" }], { folderId: foreignFolder.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Folder not found");
  });

  it("deletes the record and the object", async () => {
    const fileId = await uploadOne("to-delete.txt", "bye");
    const key = `ws/${workspace.id}/${fileId}`;
    expect(await ctx.objectKeys()).toContain(key);
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/workspaces/${workspace.id}/files/${fileId}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.objectKeys()).not.toContain(key);
    expect((await downloadLink(fileId)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/workspaces/${workspace.id}/files/${fileId}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe("File not found.");
  });

  it("refuses a signed URL used after it expired", async () => {
    const fileId = await uploadOne("expiring.txt", "soon gone");
    // Sign the link an hour ago; its lifetime (FILE_URL_TTL_SECONDS, 300 s) is long over.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 3600_000);
    const { url } = (await downloadLink(fileId)).json();
    vi.useRealTimers();
    const fetched = await fetchLink(url);
    expect([403, 410]).toContain(fetched.status);
    expect(fetched.body.toString()).not.toContain("soon gone");
    if (backend === "local") {
      expect(fetched.status).toBe(410);
      expect(JSON.parse(fetched.body.toString()).detail).toMatch(/expired/);
    }
  });

  it.runIf(backend === "local")("refuses a link whose signature or claims were tampered with", async () => {
    const fileId = await uploadOne("secret.txt", "confidential");
    const otherId = await uploadOne("other.txt", "other");
    const tokenOf = async (id: string) => new URL((await downloadLink(id)).json().url).searchParams.get("token")!;
    const [payload, signature] = (await tokenOf(fileId)).split(".");
    const [otherPayload] = (await tokenOf(otherId)).split(".");
    expect(payload).not.toBe(otherPayload);
    const open = (token: string) =>
      ctx.app.inject({ method: "GET", url: `/api/v1/files-signed?token=${encodeURIComponent(token)}` });

    expect((await open(`${payload}.${signature}`)).statusCode).toBe(200);
    // The signature of one link over the claims of another file.
    const swapped = await open(`${otherPayload}.${signature}`);
    expect(swapped.statusCode).toBe(403);
    expect(swapped.json()).toEqual({ detail: "This download link is not valid." });
    // One flipped character of the signature (the first: the last one's low bits can be padding).
    const flipped = (signature!.startsWith("A") ? "B" : "A") + signature!.slice(1);
    expect((await open(`${payload}.${flipped}`)).statusCode).toBe(403);
    expect((await open("garbage")).statusCode).toBe(403);
  });

  it.runIf(backend === "s3")(
    "hands out an S3 presigned GET that names the file, its type and a short expiry",
    async () => {
      // s3rver checks the expiry of V4 presigned URLs but not their signatures, so the signature
      // itself is S3's to enforce; here we check what we asked it to sign.
      const fileId = await uploadOne("ledger.csv", "a,b\n1,2\n");
      const url = new URL((await downloadLink(fileId)).json().url);
      expect(url.pathname).toBe(`/evidence/ws/${workspace.id}/${fileId}`);
      expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      expect(url.searchParams.get("X-Amz-Expires")).toBe(String(ctx.config.FILE_URL_TTL_SECONDS));
      expect(url.searchParams.get("response-content-type")).toBe("text/csv");
      expect(url.searchParams.get("response-content-disposition")).toBe(
        `attachment; filename="ledger.csv"; filename*=UTF-8''ledger.csv`,
      );
    },
  );

  it("refuses an upload over MAX_UPLOAD_MB with 413 and keeps nothing", async () => {
    const own = await buildWorkspace(ctx, owner.user);
    const before = await ctx.objectKeys();
    const res = await upload([{ filename: "huge.bin", data: randomBytes(1024 * 1024 + 10) }], { workspaceId: own.id });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe("'huge.bin' is larger than the upload limit of 1 MB.");
    expect((await contents(own.id)).json().files).toEqual([]);
    expect(await ctx.objectKeys()).toEqual(before);
    expect(ctx.tempFiles()).toEqual([]);
  });

  it("keeps none of the files of a request when one of them is refused", async () => {
    const own = await buildWorkspace(ctx, owner.user);
    const before = await ctx.objectKeys();
    const res = await upload(
      [
        { filename: "fine.txt", data: "fine" },
        { filename: "too-big.bin", data: randomBytes(1024 * 1024 + 1) },
      ],
      { workspaceId: own.id },
    );
    expect(res.statusCode).toBe(413);
    expect((await contents(own.id)).json().files).toEqual([]);
    expect(await ctx.objectKeys()).toEqual(before);
  });

  it.each([
    ["../../etc/passwd", "must not contain '/' or '\\'"],
    ["folder/evil.txt", "must not contain '/' or '\\'"],
    ["..\\windows.ini", "must not contain '/' or '\\'"],
    ["bell\u0007.txt", "must not contain control characters"],
    ["tab\tname.txt", "must not contain control characters"],
    ["..", "must not be '.' or '..'"],
    ["", "File name is required."],
  ])("refuses the file name %j with 400", async (name, message) => {
    const before = await ctx.objectKeys();
    const res = await upload([{ filename: name, data: "payload" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(message);
    expect(await ctx.objectKeys()).toEqual(before);
  });

  it("refuses an empty file with 400", async () => {
    const before = await ctx.objectKeys();
    const res = await upload([{ filename: "empty.txt", data: "" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("'empty.txt' is empty; an empty file cannot be used as evidence.");
    expect(await ctx.objectKeys()).toEqual(before);
    expect(ctx.tempFiles()).toEqual([]);
  });

  it("refuses a request without a file part with 400", async () => {
    const res = await upload([{ field: "note", data: "just a field", contentType: "text/plain" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/No file in the upload/);
  });

  it("refuses a body that is not multipart with 415", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspace.id}/files`,
      headers: owner.headers,
      payload: { file: "nope" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/multipart\/form-data/);
  });

  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: `/api/v1/workspaces/${workspace.id}/contents` });
    expect(res.statusCode).toBe(401);
  });

  describe("isolation between users", () => {
    let fileId: string;
    beforeAll(async () => {
      fileId = await uploadOne("mine-only.txt", "private evidence");
    });

    it("answers 404 when uploading into another user's workspace, and stores nothing", async () => {
      const before = await ctx.objectKeys();
      const res = await upload([{ filename: "intruder.txt", data: "x" }], { workspaceId: strangersWorkspace.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe("Workspace not found");
      expect(await ctx.objectKeys()).toEqual(before);
    });

    it("answers 404 when listing another user's workspace", async () => {
      const res = await contents(workspace.id, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Workspace not found" });
    });

    it("answers 404 when asking a download link for another user's file", async () => {
      expect((await downloadLink(fileId, stranger, workspace.id)).statusCode).toBe(404);
      // Nor through the stranger's own workspace id.
      expect((await downloadLink(fileId, stranger, strangersWorkspace.id)).statusCode).toBe(404);
    });

    it("answers 404 when deleting another user's file, and keeps it", async () => {
      for (const workspaceId of [workspace.id, strangersWorkspace.id]) {
        const res = await ctx.app.inject({
          method: "DELETE",
          url: `/api/v1/workspaces/${workspaceId}/files/${fileId}`,
          headers: stranger.headers,
        });
        expect(res.statusCode).toBe(404);
      }
      expect((await downloadLink(fileId)).statusCode).toBe(200);
    });

    it("answers 404 for malformed workspace and file ids", async () => {
      expect((await contents("not-a-uuid")).statusCode).toBe(404);
      expect((await downloadLink("not-a-uuid")).statusCode).toBe(404);
      expect((await contents(workspace.id, owner, "not-a-uuid")).statusCode).toBe(404);
    });
  });
});
