import { randomBytes } from "node:crypto";
import type { AddressInfo, Socket } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../../test/factories.js";
import { backends, createFilesTestContext, type FilesTestContext } from "./test-backends.js";

const BOUNDARY = "----wbdisconnect";

function partHeader(filename: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
}

describe.each(backends)("an upload whose client disconnects, on the %s backend", (backend) => {
  let ctx: FilesTestContext;
  let owner: TestUser;
  let port: number;
  let serverSockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createFilesTestContext(backend);
    owner = await buildUser(ctx);
    ctx.app.server.on("connection", (socket: Socket) => serverSockets.push(socket));
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => ctx.close());

  /**
   * Sends the request head and `body` (a part of a longer announced body) over a raw socket,
   * waits until the server has read all of it, then drops the connection.
   */
  async function sendPartThenDisconnect(workspaceId: string, body: Buffer) {
    serverSockets = [];
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const head =
      `POST /api/v1/workspaces/${workspaceId}/files HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${owner.accessToken}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${body.length + 50 * 1024 * 1024}\r\n\r\n`;
    socket.write(head);
    await new Promise<void>((resolve, reject) => socket.write(body, (e) => (e ? reject(e) : resolve())));
    const total = Buffer.byteLength(head) + body.length;
    await vi.waitFor(() => expect(serverSockets[0]?.bytesRead ?? 0).toBeGreaterThanOrEqual(total), { timeout: 20_000 });
    return socket;
  }

  async function expectNothingKept(workspaceId: string) {
    await vi.waitFor(
      async () => {
        expect(ctx.tempFiles()).toEqual([]);
        expect((await ctx.objectKeys()).filter((k) => k.startsWith(`ws/${workspaceId}/`))).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const listing = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${workspaceId}/contents`,
      headers: owner.headers,
    });
    expect(listing.json().files).toEqual([]);
  }

  it("leaves no object, temp file or row when the connection drops mid-file", async () => {
    const workspace = await buildWorkspace(ctx, owner.user);
    // 9 MB: more than one S3 part, so a multipart upload is under way when the client leaves.
    const socket = await sendPartThenDisconnect(
      workspace.id,
      Buffer.concat([partHeader("interrupted.bin"), randomBytes(9 * 1024 * 1024)]),
    );
    if (backend === "local") {
      // The bytes really were on their way to disk.
      await vi.waitFor(() => expect(ctx.tempFiles().length).toBe(1), { timeout: 20_000 });
    }
    socket.destroy();
    await expectNothingKept(workspace.id);
  });

  it("also removes the files already stored by the same request", async () => {
    const workspace = await buildWorkspace(ctx, owner.user);
    const first = Buffer.concat([partHeader("complete.txt"), Buffer.from("this one arrived whole"), Buffer.from("\r\n")]);
    const socket = await sendPartThenDisconnect(
      workspace.id,
      Buffer.concat([first, partHeader("second.bin"), randomBytes(256 * 1024)]),
    );
    await vi.waitFor(
      async () => expect((await ctx.objectKeys()).some((k) => k.startsWith(`ws/${workspace.id}/`))).toBe(true),
      { timeout: 20_000 },
    );
    socket.destroy();
    await expectNothingKept(workspace.id);
  });
});
