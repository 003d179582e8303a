import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, apiBlob, apiFetch, apiJson, apiUpload, configureApiClient } from "./api-client";

type Seen = { method?: string; url?: string; authorization?: string; contentType?: string; body: string };

let server: Server;
let baseUrl: string;
let seen: Seen;

// A real HTTP peer on loopback; CORS headers because jsdom applies the browser's rules.
function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE");
  res.setHeader("Access-Control-Expose-Headers", "Content-Disposition");
  if (req.method === "OPTIONS") return res.writeHead(204).end();
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    seen = {
      method: req.method,
      url: req.url,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: Buffer.concat(chunks).toString("utf8"),
    };
    const path = req.url ?? "";
    if (path.endsWith("/ok"))
      return res.writeHead(200, { "Content-Type": "application/json" }).end('{"hello":"world"}');
    if (path.endsWith("/empty")) return res.writeHead(204).end();
    if (path.endsWith("/missing")) {
      return res.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":"Workspace not found"}');
    }
    if (path.endsWith("/broken")) return res.writeHead(500, { "Content-Type": "text/plain" }).end("boom");
    if (path.endsWith("/report")) {
      return res
        .writeHead(200, {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": "attachment; filename=\"workpaper.xlsx\"; filename*=UTF-8''workpaper%20%C3%A9.xlsx",
        })
        .end("xlsx-bytes");
    }
    if (path.endsWith("/upload")) {
      return res.writeHead(201, { "Content-Type": "application/json" }).end('{"file_id":"f-1"}');
    }
    if (path.endsWith("/upload-refused")) {
      return res.writeHead(413, { "Content-Type": "application/json" }).end('{"detail":"File is too large"}');
    }
    res.writeHead(400).end();
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  configureApiClient({ baseUrl, getAccessToken: async () => "token-123" });
});

describe("the API client", () => {
  it("refuses to call without a session", async () => {
    configureApiClient({ getAccessToken: async () => null });
    await expect(apiFetch("/ok")).rejects.toThrow("No authentication token available");
  });

  it("sends the bearer token under /api/v1 and JSON by default", async () => {
    const answer = await apiJson<{ hello: string }>("/ok", { method: "POST", body: JSON.stringify({ a: 1 }) });
    expect(answer).toEqual({ hello: "world" });
    expect(seen).toMatchObject({
      method: "POST",
      url: "/api/v1/ok",
      authorization: "Bearer token-123",
      contentType: "application/json",
      body: '{"a":1}',
    });
  });

  it("answers undefined for 204", async () => {
    await expect(apiJson("/empty", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("reports a failed call as 'API call failed: {status} {body}' with the detail", async () => {
    const error = await apiJson("/missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('API call failed: 404 {"detail":"Workspace not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).detail).toBe("Workspace not found");
  });

  it("keeps a plain-text error body in the message", async () => {
    await expect(apiFetch("/broken")).rejects.toThrow("API call failed: 500 boom");
  });

  it("downloads a blob with the file name from Content-Disposition", async () => {
    const { blob, filename } = await apiBlob("/report", { method: "POST", body: "{}" });
    expect(filename).toBe("workpaper é.xlsx");
    expect(await blob.text()).toBe("xlsx-bytes");
  });

  it("uploads multipart data and answers the parsed JSON", async () => {
    const form = new FormData();
    form.append("file", new Blob(["evidence"], { type: "text/plain" }), "evidence.txt");
    const progress: number[] = [];
    const answer = await apiUpload<{ file_id: string }>("/upload", form, (p) => progress.push(p));
    expect(answer).toEqual({ file_id: "f-1" });
    expect(seen.authorization).toBe("Bearer token-123");
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('filename="evidence.txt"');
    expect(progress.at(-1)).toBe(100);
  });

  it("reports an upload refusal with the server detail and status", async () => {
    const error = await apiUpload("/upload-refused", new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("File is too large");
    expect((error as ApiError).status).toBe(413);
  });
});
