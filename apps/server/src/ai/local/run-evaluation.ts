import type { AiProvider } from "../provider.js";
import { type DocumentOutcome, type EvalReport, loadEvalSet, median, scoreDocument, summarise } from "./evaluation.js";
import { createOfflineWorker } from "./ocr-pool.js";

export interface RunOptions {
  /** Also time a bare tesseract.js recognise of each image, for comparison. */
  bare?: boolean;
  /** Only the first N documents (sorted by name). */
  limit?: number;
  readImage: (file: string) => Promise<Buffer>;
}

/**
 * Runs the extraction evaluation over a ground-truth folder. Images go one at a time so the
 * timings are per-image latency on a warm engine (one untimed warm-up call first).
 */
export async function runEvaluation(folder: string, provider: AiProvider, options: RunOptions): Promise<EvalReport> {
  let docs = await loadEvalSet(folder);
  if (options.limit) docs = docs.slice(0, options.limit);
  const images = await Promise.all(docs.map((d) => options.readImage(d.imagePath)));
  if (docs.length) await provider.extractItems(images[0], ["warm up"]);

  // The bare recognise is timed right after ours on each image, so load from other processes on
  // a shared machine falls on both alike.
  const bare = options.bare ? await createOfflineWorker() : null;
  try {
    if (bare) await bare.recognize(images[0]);
    const outcomes: DocumentOutcome[] = [];
    const bareTimes: number[] = [];
    for (const [i, doc] of docs.entries()) {
      const queries = doc.truth.fields.map((f) => f.query.toLowerCase());
      const started = performance.now();
      const { items } = await provider.extractItems(images[i], queries);
      outcomes.push(scoreDocument(doc, items, performance.now() - started));
      if (bare) {
        const bareStarted = performance.now();
        await bare.recognize(images[i]);
        bareTimes.push(performance.now() - bareStarted);
      }
    }
    const report = summarise(outcomes);
    if (bare) {
      report.bareMedianMs = median(bareTimes);
      report.ratio = report.bareMedianMs ? report.medianMs / report.bareMedianMs : undefined;
    }
    return report;
  } finally {
    await bare?.terminate();
  }
}
