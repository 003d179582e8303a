// Upload and download of one large file through the API on the local backend, against a plain
// disk copy of the same file; samples the server's resident memory from /proc while it works.
// The server runs as a child process from its compiled JavaScript, as `npm start` runs it, on the
// embedded PGlite or, with BENCH_DATABASE_URL, on PostgreSQL. Usage:
//   [BENCH_DATABASE_URL=postgres://...] npx tsx bench/files-transfer.bench.ts [sizeMB=1024] [runs=3]
import { type ChildProcess, execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const sizeMb = Number(process.argv[2] ?? 1024);
const runs = Number(process.argv[3] ?? 3);
const root = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(os.tmpdir(), "wb-bench-files-"));
const source = path.join(work, "evidence.bin");
const databaseUrl = process.env.BENCH_DATABASE_URL;
// The server runs with the same Node flags as `npm start` (read from the root package.json).
const startScript = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start as string;
const serverFlags = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(startScript)?.[1]!.split(" ").filter(Boolean) ?? [];
// The client is curl (native, like a browser's network stack) unless BENCH_CLIENT=node: on a
// 2-core machine a Node client competes with the server for CPU and measures itself.
const execAsync = promisify(execFile); // async, so the RSS sampler keeps ticking during a transfer
const useCurl = process.env.BENCH_CLIENT !== "node" && spawnSync("curl", ["--version"]).status === 0;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Writes `sizeMb` MB of incompressible bytes in 1 MB chunks (without holding them in memory). */
async function makeSource() {
  const chunk = randomBytes(1024 * 1024);
  const out = createWriteStream(source);
  for (let i = 0; i < sizeMb; i += 1) {
    chunk[0] = i & 0xff; // every MB differs
    if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise<void>((r) => out.end(r));
}

function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  return pipeline(createReadStream(file), hash).then(() => hash.digest("hex"));
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Samples the child's RSS every 20 ms until stopped; answers the peak. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, 20);
  return { stop: () => (clearInterval(timer), peak) };
}

async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(work, "data-"));
  const child = spawn(process.execPath, [...serverFlags, "apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      AUTH_AUTOCONFIRM: "true",
      MAX_UPLOAD_MB: String(sizeMb + 16),
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    // The server's own output is not part of the figures.
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, dataDir };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function session(base: string): Promise<{ token: string; workspaceId: string }> {
  const { anonKey } = (await (await fetch(`${base}/app-config.json`)).json()) as { anonKey: string };
  const email = `bench-${Date.now()}@audit-firm.example`;
  const password = "a long enough passphrase";
  const headers = { apikey: anonKey, "content-type": "application/json" };
  await fetch(`${base}/auth/v1/signup`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  const tokenRes = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const ws = await fetch(`${base}/api/v1/workspaces/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  const { id: workspaceId } = (await ws.json()) as { id: string };
  return { token, workspaceId };
}

/** Streams the file as one multipart part with a known Content-Length, like a browser would. */
async function upload(base: string, token: string, workspaceId: string): Promise<string> {
  if (useCurl) {
    const out = await execAsync("curl", ["-sSf", "-H", `authorization: Bearer ${token}`, "-F", `file=@${source};filename=evidence.bin`,
      `${base}/api/v1/workspaces/${workspaceId}/files`], { encoding: "utf8" });
    return JSON.parse(out.stdout).file_id;
  }
  const boundary = "----wbbench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="evidence.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(source).size;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/v1/workspaces/${workspaceId}/files`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + size + tail.length,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => (res.statusCode === 201 ? resolve(JSON.parse(body).file_id) : reject(new Error(body))));
    });
    req.on("error", reject);
    req.write(head);
    const file = createReadStream(source);
    file.pipe(req, { end: false });
    file.on("end", () => req.end(tail));
  });
}

async function download(base: string, token: string, workspaceId: string, fileId: string, target: string) {
  const link = await fetch(`${base}/api/v1/workspaces/${workspaceId}/files/${fileId}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { url } = (await link.json()) as { url: string };
  if (useCurl) {
    await execAsync("curl", ["-sSf", "-o", target, url]);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`download ${res.statusCode}`));
        pipeline(res, createWriteStream(target)).then(resolve, reject);
      })
      .on("error", reject);
  });
}

const results: { copy: number; up: number; down: number; idle: number; peakUp: number; peakDown: number }[] = [];
try {
  execFileSync(process.execPath, ["apps/server/scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(
    `files transfer: ${sizeMb} MB file, ${runs} runs, local backend, ${databaseUrl ? "PostgreSQL" : "PGlite"}, ` +
      `server flags [${serverFlags.join(" ")}], client ${useCurl ? "curl" : "node"}, in ${work}; load ${load()}`,
  );
  await makeSource();
  const expected = await sha256File(source);
  for (let run = 1; run <= runs; run += 1) {
    const copyTarget = path.join(work, "copy.bin");
    execFileSync("sync");
    let t = performance.now();
    execFileSync("cp", [source, copyTarget]);
    execFileSync("sync");
    const copy = (performance.now() - t) / 1000;
    rmSync(copyTarget);

    const { child, base, dataDir } = await startServer();
    try {
      const { token, workspaceId } = await session(base);
      await new Promise((r) => setTimeout(r, 500));
      const idle = rssMb(child.pid!);

      let sampler = sampleRss(child.pid!);
      t = performance.now();
      const fileId = await upload(base, token, workspaceId);
      execFileSync("sync");
      const up = (performance.now() - t) / 1000;
      const peakUp = sampler.stop();

      const target = path.join(work, "downloaded.bin");
      sampler = sampleRss(child.pid!);
      t = performance.now();
      await download(base, token, workspaceId, fileId, target);
      execFileSync("sync");
      const down = (performance.now() - t) / 1000;
      const peakDown = sampler.stop();
      if ((await sha256File(target)) !== expected) throw new Error("downloaded bytes differ");
      rmSync(target);
      rmSync(dataDir, { recursive: true, force: true });

      const mbps = (s: number) => (sizeMb / s).toFixed(0);
      console.log(
        `run ${run}: disk copy ${copy.toFixed(2)} s (${mbps(copy)} MB/s) | upload ${up.toFixed(2)} s (${mbps(up)} MB/s, ratio ${(copy / up).toFixed(2)}) | ` +
          `download ${down.toFixed(2)} s (${mbps(down)} MB/s, ratio ${(copy / down).toFixed(2)}) | RSS idle ${idle.toFixed(0)} MB, peak upload ${peakUp.toFixed(0)} MB, peak download ${peakDown.toFixed(0)} MB`,
      );
      results.push({ copy, up, down, idle, peakUp, peakDown });
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  }
  const m = (k: keyof (typeof results)[number]) => median(results.map((r) => r[k]));
  console.log(
    `median: disk copy ${(sizeMb / m("copy")).toFixed(0)} MB/s | upload ${(sizeMb / m("up")).toFixed(0)} MB/s, ratio ${(m("copy") / m("up")).toFixed(2)} | ` +
      `download ${(sizeMb / m("down")).toFixed(0)} MB/s, ratio ${(m("copy") / m("down")).toFixed(2)} | ` +
      `RSS idle ${m("idle").toFixed(0)} MB, peak upload ${m("peakUp").toFixed(0)} MB (+${(m("peakUp") - m("idle")).toFixed(0)}), peak download ${m("peakDown").toFixed(0)} MB (+${(m("peakDown") - m("idle")).toFixed(0)})`,
  );
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
