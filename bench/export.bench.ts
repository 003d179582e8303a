// POST /export_excel with 26 lettered boxes on a dev image: median of several runs, whole call
// (file read, annotation with sharp, workbook with exceljs). Target: median < 1 s.
// Run: cd bench && npx tsx export.bench.ts
import { readFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, median, startBenchApp } from "./query-app.js";

const RUNS = 15;
const bench = await startBenchApp();
const results: string[] = [];
for (const name of ["invoice-000.jpg", "purchase_order-001.png"]) {
  const fileId = await bench.upload(name, readFileSync(path.join(FIXTURES, name)));
  const boxes = Array.from({ length: 26 }, (_, i) => ({
    label: String.fromCharCode(65 + i),
    x: (i % 5) * 0.2,
    y: Math.floor(i / 5) * 0.17,
    width: 0.15,
    height: 0.05,
    text: `value ${i}`,
    description: `item ${i}`,
    confidence: 0.9,
  }));
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS + 1; run += 1) {
    const started = performance.now();
    const res = await bench.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${bench.workspaceId}/export_excel`,
      headers: bench.headers,
      payload: { file_id: fileId, boxes },
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    bytes = res.rawPayload.length;
    if (run > 0) times.push(elapsed); // the first run warms sharp and exceljs
  }
  results.push(
    `  ${name}: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, workbook ${(bytes / 1024).toFixed(0)} KiB`,
  );
}
await bench.close();
console.log(`export_excel with 26 boxes, ${RUNS} runs each:`);
console.log(results.join("\n"));
