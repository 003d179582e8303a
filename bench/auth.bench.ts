// Identity server latency: password sign-in (argon2id verify), token refresh (rotation) and
// GET /user, through the real app on an in-memory PGlite. Prints median, p90 and max per call.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config/env.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { runMigrations } from "../apps/server/src/db/migrate.js";

const RUNS = 30;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "wb-bench-auth-"));
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  AUTH_AUTOCONFIRM: "true",
  RATE_LIMIT_AUTH_PER_MINUTE: "100000",
});
const database = await openDatabase({});
await runMigrations(database);
const app = await buildApp({ config, database });
await app.ready();
const headers = { apikey: config.ANON_KEY };

async function timed(fn: () => Promise<{ statusCode: number }>): Promise<number> {
  const start = performance.now();
  const res = await fn();
  if (res.statusCode !== 200) throw new Error(`unexpected status ${res.statusCode}`);
  return performance.now() - start;
}

function summary(name: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `${name.padEnd(22)} runs ${sorted.length}  median ${at(0.5).toFixed(1)} ms  p90 ${at(0.9).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

const signUps: number[] = [];
const signIns: number[] = [];
const refreshes: number[] = [];
const getUsers: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const email = `bench${i}@audit-firm.example`;
  const password = "a long enough passphrase";
  signUps.push(
    await timed(() => app.inject({ method: "POST", url: "/auth/v1/signup", headers, payload: { email, password } })),
  );
  let session: { access_token: string; refresh_token: string } | undefined;
  signIns.push(
    await timed(async () => {
      const res = await app.inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        headers,
        payload: { email, password },
      });
      session = res.json();
      return res;
    }),
  );
  refreshes.push(
    await timed(() =>
      app.inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=refresh_token",
        headers,
        payload: { refresh_token: session!.refresh_token },
      }),
    ),
  );
  getUsers.push(
    await timed(() =>
      app.inject({
        method: "GET",
        url: "/auth/v1/user",
        headers: { ...headers, authorization: `Bearer ${session!.access_token}` },
      }),
    ),
  );
}
summary("sign-up (autoconfirm)", signUps);
summary("password sign-in", signIns);
summary("refresh", refreshes);
summary("GET /user", getUsers);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
