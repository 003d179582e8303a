// Latency of listing one folder that holds 10,000 files, through the real app over HTTP, on
// PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL.
// Usage: [BENCH_DATABASE_URL=postgres://...] npx tsx bench/files-listing.bench.ts [files=10000] [requests=200]
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config/env.js";
import { openScratchDatabase } from "../apps/server/test/harness.js";
import { signAccessToken } from "../apps/server/src/auth/access-token.js";
import { files, folders, users, workspaces } from "../apps/server/src/db/schema/index.js";
import { listFilesInAsJson } from "../apps/server/src/repositories/files.js";

const FILES = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

async function bench(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wb-bench-list-"));
  const opened = await openScratchDatabase(kind === "postgres" ? pgUrl : undefined, "wb_bench");
  const { database } = opened;
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  try {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${randomUUID()}@audit-firm.example` })
      .returning();
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ ownerId: user!.id, displayName: "Bench", type: "team" })
      .returning();
    const [folder] = await database.db
      .insert(folders)
      .values({ workspaceId: workspace!.id, name: "big", displayName: "Big" })
      .returning();
    // Other folders of the same workspace hold files too, so the index has to pick the right ones.
    const [other] = await database.db
      .insert(folders)
      .values({ workspaceId: workspace!.id, name: "other", displayName: "Other" })
      .returning();
    for (const [target, count] of [
      [folder!.id, FILES],
      [other!.id, FILES],
      [null, 2000],
    ] as const) {
      for (let start = 0; start < count; start += 1000) {
        const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
          const id = randomUUID();
          return {
            id,
            workspaceId: workspace!.id,
            folderId: target,
            displayName: `Evidence ${String(start + i).padStart(5, "0")} ${randomBytes(3).toString("hex")}.pdf`,
            extension: "pdf",
            contentType: "application/pdf",
            sizeBytes: 1000 + i,
            sha256: randomBytes(32).toString("hex"),
            storageKey: `ws/${workspace!.id}/${id}`,
            createdBy: user!.id,
          };
        });
        await database.db.insert(files).values(rows);
      }
    }
    await database.sql.query("ANALYZE files");
    const { token } = await signAccessToken(config.JWT_SECRET, user!, randomUUID(), 3600);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/api/v1/workspaces/${workspace!.id}/contents?folder_id=${folder!.id}`;
    const headers = { authorization: `Bearer ${token}` };
    // Timed to the last byte of the answer; the client's own JSON parsing is not the server's latency.
    const get = async () => {
      const res = await fetch(url, { headers });
      const bytes = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`unexpected answer ${res.status}`);
      return bytes;
    };
    const first = JSON.parse(Buffer.from(await get()).toString()) as { files: unknown[] };
    if (first.files.length !== FILES) throw new Error(`listed ${first.files.length} files, expected ${FILES}`);
    for (let i = 0; i < 10; i += 1) await get(); // warm up
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const t = performance.now();
      await get();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    // The database's share: the same listing query alone, without HTTP.
    const dbMs: number[] = [];
    for (let i = 0; i < Math.min(REQUESTS, 50); i += 1) {
      const t = performance.now();
      await listFilesInAsJson(database.db, workspace!.id, folder!.id, kind === "pglite" ? "database" : "client");
      dbMs.push(performance.now() - t);
    }
    dbMs.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(8)} listing query alone: median ${percentile(dbMs, 0.5).toFixed(1)} ms  p99 ${percentile(dbMs, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `${kind.padEnd(8)} list ${FILES} files: median ${percentile(ms, 0.5).toFixed(1)} ms  p99 ${percentile(ms, 0.99).toFixed(1)} ms  max ${ms.at(-1)!.toFixed(1)} ms  (${REQUESTS} requests)`,
    );
  } finally {
    await app.close();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await bench("pglite");
if (pgUrl) await bench("postgres");
else console.log("postgres: skipped (set BENCH_DATABASE_URL)");
