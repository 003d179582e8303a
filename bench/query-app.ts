import { EVIDENCE_DEV_DIR } from "../apps/server/test/fixtures.js";
// Shared set-up for the extraction benchmarks: the real app on an in-memory PGlite with a
// temporary DATA_DIR, one signed-in user and workspace, and an upload helper.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalProvider } from "../apps/server/src/ai/local/index.js";
import { buildApp } from "../apps/server/src/app.js";
import { signAccessToken } from "../apps/server/src/auth/access-token.js";
import { loadConfig } from "../apps/server/src/config/env.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { runMigrations } from "../apps/server/src/db/migrate.js";
import { users, workspaces } from "../apps/server/src/db/schema/index.js";

export const FIXTURES = EVIDENCE_DEV_DIR;

export async function startBenchApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wb-bench-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, AI_PROVIDER: "local" });
  const database = await openDatabase({});
  await runMigrations(database);
  const ai = createLocalProvider(config);
  const app = await buildApp({ config, database, ai });
  await app.ready();
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench.${randomUUID().slice(0, 8)}@example-audit.com`, emailConfirmedAt: new Date() })
    .returning();
  const [workspace] = await database.db
    .insert(workspaces)
    .values({ ownerId: user!.id, displayName: "Bench", type: "team" })
    .returning();
  const { token } = await signAccessToken(config.JWT_SECRET, user!, randomUUID(), 3600);
  const headers = { authorization: `Bearer ${token}` };

  async function upload(name: string, data: Buffer): Promise<string> {
    const boundary = `----bench${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspace!.id}/files`,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().file_id;
  }

  return {
    app,
    workspaceId: workspace!.id,
    headers,
    upload,
    async close() {
      await app.close();
      await ai.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
