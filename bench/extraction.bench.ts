import { EVIDENCE_DEV_DIR } from "../apps/server/test/fixtures.js";
/**
 * Extraction benchmark (local engine): `npx tsx bench/extraction.bench.ts [folder] [runs]`.
 * Prints, per run and as medians over runs, the warm median time per image of item extraction,
 * the median of a bare tesseract.js recognise of the same images, their ratio, and recall.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createLocalProvider } from "../apps/server/src/ai/local/index.js";
import { median } from "../apps/server/src/ai/local/evaluation.js";
import { runEvaluation } from "../apps/server/src/ai/local/run-evaluation.js";

const folder = path.resolve(process.argv[2] ?? EVIDENCE_DEV_DIR);
const runs = Number(process.argv[3] ?? 3);
const provider = createLocalProvider({});
const ours: number[] = [];
const bare: number[] = [];
let recall = 0;
try {
  for (let run = 1; run <= runs; run++) {
    const report = await runEvaluation(folder, provider, { bare: true, readImage: (p) => readFile(p) });
    ours.push(report.medianMs);
    bare.push(report.bareMedianMs ?? 0);
    recall = report.recall;
    console.log(
      `run ${run}: extraction ${report.medianMs.toFixed(0)} ms/image, bare recognise ${report.bareMedianMs?.toFixed(0)} ms/image, ratio ${report.ratio?.toFixed(2)}, recall ${report.recall.toFixed(3)} (${report.found}/${report.total})`,
    );
  }
} finally {
  await provider.close();
}
const m = median(ours);
const b = median(bare);
console.log(
  `median of ${runs} runs: extraction ${m.toFixed(0)} ms/image, bare recognise ${b.toFixed(0)} ms/image, ratio ${(m / b).toFixed(2)}, recall ${recall.toFixed(3)}`,
);
