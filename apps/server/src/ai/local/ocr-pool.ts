import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Tesseract, { createScheduler, createWorker, OEM } from "tesseract.js";
import type { Box, OcrLine, OcrResult, OcrWord } from "../provider.js";
import { normaliseImage } from "./normalise-image.js";

const require = createRequire(import.meta.url);

/**
 * The language data ships inside `@tesseract.js-data/eng`, so nothing is fetched at run time.
 * `best_int` is the integer LSTM model tesseract.js itself uses for LSTM-only recognition.
 */
export const ENG_LANG_PATH = path.join(
  path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

export interface OcrPoolOptions {
  workers?: number;
}

/** Creates one offline tesseract worker (used by the pool, and bare by the benchmark). */
export function createOfflineWorker(): Promise<Tesseract.Worker> {
  return createWorker("eng", OEM.LSTM_ONLY, {
    langPath: ENG_LANG_PATH,
    gzip: true,
    // "none": never read or write a cache folder, never download.
    cacheMethod: "none",
  });
}

/**
 * A pool of reused tesseract workers behind tesseract.js's scheduler. Workers start on first use
 * (starting one costs about half a second) and stay warm until `close()`.
 */
export class OcrPool {
  private readonly size: number;
  private scheduler: Tesseract.Scheduler | null = null;
  private starting: Promise<Tesseract.Scheduler> | null = null;

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, options.workers ?? os.availableParallelism());
  }

  get workers(): number {
    return this.size;
  }

  private start(): Promise<Tesseract.Scheduler> {
    if (this.scheduler) return Promise.resolve(this.scheduler);
    if (!this.starting) {
      this.starting = (async () => {
        const scheduler = createScheduler();
        const workers = await Promise.all(Array.from({ length: this.size }, () => createOfflineWorker()));
        for (const worker of workers) scheduler.addWorker(worker);
        this.scheduler = scheduler;
        return scheduler;
      })();
      // A failed start must not poison later calls.
      this.starting.catch(() => {
        this.starting = null;
      });
    }
    return this.starting;
  }

  /** Reads an image (PNG, JPEG, WebP, TIFF, GIF…) into words and lines with fractional boxes. */
  async read(image: Buffer): Promise<OcrResult> {
    const normalised = await normaliseImage(image);
    const scheduler = await this.start();
    const { data } = await scheduler.addJob("recognize", normalised.png, {}, { blocks: true, text: true });
    return toOcrResult(data, normalised);
  }

  async close(): Promise<void> {
    const pending = this.starting;
    this.starting = null;
    this.scheduler = null;
    if (pending) {
      const scheduler = await pending.catch(() => null);
      await scheduler?.terminate();
    }
  }
}

interface Size {
  width: number;
  height: number;
  scaledWidth: number;
  scaledHeight: number;
}

function toBox(bbox: Tesseract.Bbox, size: Size): Box {
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    x: round(bbox.x0 / size.scaledWidth),
    y: round(bbox.y0 / size.scaledHeight),
    width: round((bbox.x1 - bbox.x0) / size.scaledWidth),
    height: round((bbox.y1 - bbox.y0) / size.scaledHeight),
  };
}

/** Flattens tesseract's block → paragraph → line → word tree into lines of non-empty words. */
export function toOcrResult(page: Tesseract.Page, size: Size): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: OcrWord[] = line.words
          .filter((w) => w.text.trim() !== "")
          .map((w) => ({ text: w.text.trim(), confidence: w.confidence / 100, box: toBox(w.bbox, size) }));
        if (!words.length) continue;
        lines.push({
          text: words.map((w) => w.text).join(" "),
          confidence: line.confidence / 100,
          box: toBox(line.bbox, size),
          words,
        });
      }
    }
  }
  return {
    width: size.width,
    height: size.height,
    text: lines.map((l) => l.text).join("\n"),
    lines,
  };
}
