import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
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
    const [{ data }, pixels] = await Promise.all([
      scheduler.addJob("recognize", normalised.png, {}, { blocks: true, text: true }),
      sharp(normalised.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
    ]);
    return toOcrResult(data, normalised, { data: pixels.data, width: pixels.info.width, height: pixels.info.height });
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

/** The greyscale page tesseract read, one byte per pixel. */
export interface GreyPixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Shrinks a word's box to its ink. Tesseract's word boxes on noisy, blurred or JPEG pages often
 * reach well above or below the letters (a speck, a table rule); the main band of inked rows, with
 * the bands close to it (an i's dot, an accent), is the word.
 */
export function tightenBbox(bbox: Tesseract.Bbox, pixels: GreyPixels): Tesseract.Bbox {
  const x0 = Math.max(0, Math.floor(bbox.x0));
  const y0 = Math.max(0, Math.floor(bbox.y0));
  const x1 = Math.min(pixels.width, Math.ceil(bbox.x1));
  const y1 = Math.min(pixels.height, Math.ceil(bbox.y1));
  if (x1 - x0 < 2 || y1 - y0 < 4) return bbox;
  let min = 255;
  let max = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = pixels.data[y * pixels.width + x];
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (max - min < 60) return bbox;
  const threshold = (min + max) / 2;
  const rows = new Array<number>(y1 - y0).fill(0);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (pixels.data[y * pixels.width + x] < threshold) rows[y - y0]++;
  }
  // Bands of inked rows; a one-row gap does not split a band.
  const bands: Array<{ start: number; end: number; ink: number }> = [];
  for (let i = 0; i < rows.length; i++) {
    if (!rows[i]) continue;
    const last = bands[bands.length - 1];
    if (last && i - last.end <= 2) {
      last.end = i;
      last.ink += rows[i];
    } else bands.push({ start: i, end: i, ink: rows[i] });
  }
  if (!bands.length) return bbox;
  const main = bands.reduce((a, b) => (b.ink > a.ink ? b : a));
  let start = main.start;
  let end = main.end;
  const reach = Math.max(2, 0.35 * (main.end - main.start + 1));
  for (const band of bands) {
    if (band.end < start && start - band.end <= reach) start = band.start;
  }
  for (const band of [...bands].reverse()) {
    if (band.start > end && band.start - end <= reach) end = band.end;
  }
  let left = x1;
  let right = x0 - 1;
  for (let y = y0 + start; y <= y0 + end; y++) {
    for (let x = x0; x < x1; x++) {
      if (pixels.data[y * pixels.width + x] < threshold) {
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  if (right < left) return bbox;
  return { x0: left, y0: y0 + start, x1: right + 1, y1: y0 + end + 1 };
}

/** Flattens tesseract's block → paragraph → line → word tree into lines of non-empty words. */
export function toOcrResult(page: Tesseract.Page, size: Size, pixels?: GreyPixels): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: OcrWord[] = line.words
          .filter((w) => w.text.trim() !== "")
          .map((w) => ({
            text: w.text.trim(),
            confidence: w.confidence / 100,
            box: toBox(pixels ? tightenBbox(w.bbox, pixels) : w.bbox, size),
          }));
        if (!words.length) continue;
        const bbox = pixels
          ? {
              x0: Math.min(...words.map((w) => w.box.x)) * size.scaledWidth,
              y0: Math.min(...words.map((w) => w.box.y)) * size.scaledHeight,
              x1: Math.max(...words.map((w) => w.box.x + w.box.width)) * size.scaledWidth,
              y1: Math.max(...words.map((w) => w.box.y + w.box.height)) * size.scaledHeight,
            }
          : line.bbox;
        lines.push({
          text: words.map((w) => w.text).join(" "),
          confidence: line.confidence / 100,
          box: toBox(bbox, size),
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
