/**
 * Extraction evaluation: `npm run eval:extraction -- <folder> [--json] [--no-bare]`.
 * For each NAME.json in the folder, asks the local engine for every field's query, scores the
 * answers as the fixtures' README describes, and prints recall per document type, overall recall,
 * the median warm time per image and, for comparison, the median of a bare tesseract.js recognise.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createLocalProvider } from "./index.js";
import { runEvaluation } from "./run-evaluation.js";

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith("--"));
if (!folder) {
  console.error("usage: eval-extraction <folder with NAME.json ground truth> [--json] [--no-bare]");
  process.exit(2);
}
const json = args.includes("--json");
const provider = createLocalProvider({});
try {
  const report = await runEvaluation(path.resolve(folder), provider, {
    bare: !args.includes("--no-bare"),
    readImage: (p) => readFile(p),
  });
  if (json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`Extraction evaluation: ${report.documents} documents, ${report.total} fields`);
    for (const [type, r] of Object.entries(report.byDocType)) {
      console.log(`  ${type.padEnd(20)} ${r.found}/${r.total}  recall ${r.recall.toFixed(3)}`);
    }
    console.log(`  ${"overall".padEnd(20)} ${report.found}/${report.total}  recall ${report.recall.toFixed(3)}`);
    console.log(`  median time per image (warm): ${report.medianMs.toFixed(0)} ms`);
    if (report.bareMedianMs !== undefined) {
      console.log(
        `  bare tesseract.js recognise median: ${report.bareMedianMs.toFixed(0)} ms  (ratio ${report.ratio?.toFixed(2)})`,
      );
    }
    for (const miss of report.misses) {
      console.log(`  miss ${miss.document}: "${miss.query}" expected "${miss.expected}", got "${miss.got}"`);
    }
  }
} finally {
  await provider.close();
}
