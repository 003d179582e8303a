// The whole POST /query call (upload done) on every dev image with the local engine: median time
// per image, plus found/total scored as fixtures/README.md describes. Target: median < 2 s.
// Run: cd bench && npx tsx query.bench.ts
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, median, startBenchApp } from "./query-app.js";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Truth {
  file: string;
  fields: { query: string; answer: string; box: Box; line_box: Box }[];
}

const iou = (a: Box, b: Box) => {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter || 1);
};
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

const bench = await startBenchApp();
const truths = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json") && f !== "manifest.json")
  .map((f) => JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8")) as Truth)
  .filter((t) => Array.isArray(t.fields));

// One warm-up call so worker start-up is not charged to the first image.
const warm = await bench.upload(truths[0]!.file, readFileSync(path.join(FIXTURES, truths[0]!.file)));
await bench.app.inject({
  method: "POST",
  url: `/api/v1/workspaces/${bench.workspaceId}/query`,
  headers: bench.headers,
  payload: { file_id: warm, user_queries: ["total"] },
});

const times: number[] = [];
let found = 0;
let total = 0;
for (const truth of truths) {
  const fileId = await bench.upload(truth.file, readFileSync(path.join(FIXTURES, truth.file)));
  const queries = truth.fields.map((f) => f.query.toLowerCase());
  const started = performance.now();
  const res = await bench.app.inject({
    method: "POST",
    url: `/api/v1/workspaces/${bench.workspaceId}/query`,
    headers: bench.headers,
    payload: { file_id: fileId, user_queries: queries },
  });
  times.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`${truth.file}: ${res.statusCode} ${res.body}`);
  const results = res.json().results as { answer: string; box: Box }[];
  for (const field of truth.fields) {
    total += 1;
    const hit = results.some(
      (r) =>
        (iou(r.box, field.box) >= 0.5 || iou(r.box, field.line_box) >= 0.5) &&
        norm(r.answer).includes(norm(field.answer)),
    );
    if (hit) found += 1;
  }
}
await bench.close();

const sorted = [...times].sort((a, b) => a - b);
console.log(`query (local engine, whole call): ${truths.length} images, ${total} fields`);
console.log(
  `  median ${(median(times) / 1000).toFixed(2)} s per image, p90 ${(sorted[Math.floor(sorted.length * 0.9)]! / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s`,
);
console.log(`  found ${found}/${total} (${((found / total) * 100).toFixed(1)}%)`);
