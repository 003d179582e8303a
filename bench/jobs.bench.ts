import { EVIDENCE_DEV_DIR } from "../apps/server/test/fixtures.js";
/**
 * Job queue benchmark: `npx tsx bench/jobs.bench.ts [jobs]` (DATABASE_URL set: PostgreSQL,
 * otherwise in-memory PGlite). Queues `jobs` (100) extraction jobs at once — each reads one
 * fixture image and runs the local engine's extractItems with its ground-truth queries, traced —
 * and waits until all are done. Prints wall time, jobs/s, CPU utilisation of the two cores and the
 * load average, and checks that every job completed with its trace (none lost).
 * `npx tsx bench/jobs.bench.ts 100 noop` runs the same jobs with a traced no-op step instead of
 * OCR, which measures the queue's own overhead.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { createAiProvider } from "../apps/server/src/ai/index.js";
import { loadConfig } from "../apps/server/src/config/env.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { runMigrations } from "../apps/server/src/db/migrate.js";
import { defineJob } from "../apps/server/src/jobs/define-job.js";
import { createJobQueue } from "../apps/server/src/jobs/queue.js";

const total = Number(process.argv[2] ?? 100);
const noop = process.argv[3] === "noop";
const folder = EVIDENCE_DEV_DIR;
const fixtures = readdirSync(folder)
  .filter((f) => /\.(png|jpe?g)$/.test(f))
  .map((file) => {
    const truth = JSON.parse(readFileSync(path.join(folder, file.replace(/\.(png|jpe?g)$/, ".json")), "utf8")) as {
      fields: { query: string }[];
    };
    return { image: readFileSync(path.join(folder, file)), queries: truth.fields.map((f) => f.query.toLowerCase()) };
  });

const dataDir = mkdtempSync(path.join(os.tmpdir(), "wb-bench-jobs-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  AI_PROVIDER: "local",
  JOBS_CONCURRENCY: String(os.availableParallelism()),
  JOBS_POLL_INTERVAL_SECONDS: "0.5",
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
await runMigrations(database);
const ai = createAiProvider(config);

const benchExtract = defineJob({
  name: "bench-extract",
  schema: z.object({ fixture: z.number().int(), queries: z.array(z.string()) }),
  handler: async ({ fixture, queries }, ctx) => {
    if (noop) return ctx.trace("noop", async () => ({ fixture }), { fixture });
    const { items } = await ctx.aiFor({ fixture }).extractItems(fixtures[fixture]!.image, queries);
    return { found: items.filter((i) => i.answer).length };
  },
});

const queue = createJobQueue({
  config,
  database,
  deps: () => ({ config, database, ai }) as never,
  work: true,
  definitions: [benchExtract],
});
await queue.start();
// Warm the OCR workers so the figure is the queue's throughput, not tesseract's start-up.
await ai.extractItems(fixtures[0]!.image, fixtures[0]!.queries);

const { rows: userRows } = await database.sql.query<{ id: string }>(
  "INSERT INTO users (email, email_confirmed_at) VALUES ('bench@example-audit.com', now()) RETURNING id",
);
const userId = userRows[0]!.id;

const cpuBefore = process.cpuUsage();
const started = performance.now();
const ids = await Promise.all(
  Array.from({ length: total }, (_, i) =>
    queue.send(
      "bench-extract",
      { fixture: i % fixtures.length, queries: fixtures[i % fixtures.length]!.queries },
      { userId },
    ),
  ),
);
const queuedMs = performance.now() - started;

let counts = { completed: 0, failed: 0 };
const loadSamples: number[] = [];
while (counts.completed + counts.failed < total) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  loadSamples.push(os.loadavg()[0]!);
  const { rows } = await database.sql.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM jobs WHERE id = ANY($1::uuid[]) GROUP BY status",
    [ids],
  );
  counts = { completed: 0, failed: 0 };
  for (const row of rows) if (row.status === "completed" || row.status === "failed") counts[row.status] = row.n;
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cores = os.availableParallelism();
const utilisation = (cpu.user + cpu.system) / 1000 / (wallMs * cores);

const { rows: traceRows } = await database.sql.query<{ n: number; tokens: number | null; latency: number }>(
  "SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS latency FROM traces WHERE job_id = ANY($1::uuid[])",
  [ids],
);

console.log(`mode: ${noop ? "no-op step (queue overhead)" : "local extractItems per job"}`);
console.log(`database: ${database.kind}, cores: ${cores}, handlers per process: ${config.JOBS_CONCURRENCY}`);
console.log(
  `jobs: ${total} queued in ${queuedMs.toFixed(0)} ms; completed ${counts.completed}, failed ${counts.failed}`,
);
console.log(`wall time: ${(wallMs / 1000).toFixed(1)} s, throughput: ${((total / wallMs) * 1000).toFixed(2)} jobs/s`);
console.log(
  `CPU: ${(utilisation * 100).toFixed(0)}% of ${cores} cores (process user+system ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), load average 1 min: max ${Math.max(...loadSamples).toFixed(2)}`,
);
console.log(`traces: ${traceRows[0]!.n} (median step latency ${Number(traceRows[0]!.latency).toFixed(0)} ms)`);
const lost = total - counts.completed - counts.failed;
console.log(lost === 0 && traceRows[0]!.n === total ? "none lost" : `LOST: ${lost} jobs, traces ${traceRows[0]!.n}`);

await queue.stop({ timeoutMs: 5000 });
await ai.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
