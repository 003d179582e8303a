#!/usr/bin/env node
// Runs every test suite: server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), web, and
// the browser end-to-end tests; then prints one closing line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const suites = [
  { name: "server (PGlite)", kind: "vitest", cwd: "apps/server", env: { TEST_DATABASE_URL: "" } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "server (PostgreSQL)", kind: "vitest", cwd: "apps/server", env: {} }]
    : []),
  { name: "web", kind: "vitest", cwd: "apps/web", env: {} },
  { name: "e2e", kind: "playwright", cwd: "e2e", env: {} },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;
for (const [i, suite] of suites.entries()) {
  const report = path.join(out, `${i}-${suite.cwd.replace(/\W/g, "_")}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const args =
    suite.kind === "vitest"
      ? ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]
      : ["playwright", "test", "--reporter=list,json"];
  const result = spawnSync("npx", args, {
    cwd: path.join(root, suite.cwd),
    stdio: "inherit",
    env: { ...process.env, ...suite.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  if (!existsSync(report)) {
    console.error(`${suite.name}: the runner wrote no report (exit ${result.status})`);
    crashed = true;
    totals.failed += 1;
    continue;
  }
  const data = JSON.parse(readFileSync(report, "utf8"));
  const counts =
    suite.kind === "vitest"
      ? { passed: data.numPassedTests, failed: data.numFailedTests + (data.numFailedTestSuites ?? 0) * 0, skipped: data.numPendingTests + data.numTodoTests }
      : { passed: data.stats.expected + data.stats.flaky, failed: data.stats.unexpected, skipped: data.stats.skipped };
  // A file that fails to load has no tests; count it as a failure rather than as nothing.
  if (suite.kind === "vitest") {
    for (const file of data.testResults ?? []) {
      if (file.status === "failed" && (file.assertionResults ?? []).length === 0) counts.failed += 1;
    }
  }
  if (result.status !== 0 && counts.failed === 0) {
    crashed = true;
    counts.failed += 1;
  }
  console.log(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
