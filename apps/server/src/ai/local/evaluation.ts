import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Box, ExtractedItem } from "../provider.js";

/** Ground truth beside each evidence image (see the fixtures' README for the scoring rules). */
const GroundTruthBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export const GroundTruth = z.object({
  file: z.string(),
  doc_type: z.string().default("unknown"),
  fields: z.array(
    z.object({
      key: z.string().optional(),
      query: z.string(),
      answer: z.string(),
      box: GroundTruthBox,
      line_box: GroundTruthBox.optional(),
    }),
  ),
});
export type GroundTruth = z.infer<typeof GroundTruth>;

export interface EvalDocument {
  name: string;
  imagePath: string;
  truth: GroundTruth;
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

const comparable = (text: string) => text.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");

/** Found: some result overlaps the value (or label+value) box by IoU ≥ 0.5 and contains the answer. */
export function isFound(field: GroundTruth["fields"][number], items: ExtractedItem[]): boolean {
  const expected = comparable(field.answer);
  return items.some(
    (item) =>
      comparable(item.answer).includes(expected) &&
      (iou(item.box, field.box) >= 0.5 || (field.line_box ? iou(item.box, field.line_box) >= 0.5 : false)),
  );
}

/** Every `NAME.json` in the folder whose image exists, sorted by name. */
export async function loadEvalSet(folder: string): Promise<EvalDocument[]> {
  const names = (await readdir(folder)).filter((n) => n.endsWith(".json") && n !== "manifest.json").sort();
  const docs: EvalDocument[] = [];
  for (const name of names) {
    const parsed = GroundTruth.safeParse(JSON.parse(await readFile(path.join(folder, name), "utf8")));
    if (!parsed.success) continue;
    docs.push({ name, imagePath: path.join(folder, parsed.data.file), truth: parsed.data });
  }
  return docs;
}

export interface DocumentOutcome {
  name: string;
  docType: string;
  found: number;
  total: number;
  ms: number;
  misses: Array<{ query: string; expected: string; got: string }>;
}

export interface EvalReport {
  documents: number;
  found: number;
  total: number;
  recall: number;
  byDocType: Record<string, { found: number; total: number; recall: number }>;
  medianMs: number;
  bareMedianMs?: number;
  ratio?: number;
  misses: Array<{ document: string; query: string; expected: string; got: string }>;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Scores one document's results. */
export function scoreDocument(doc: EvalDocument, items: ExtractedItem[], ms: number): DocumentOutcome {
  const misses: DocumentOutcome["misses"] = [];
  let found = 0;
  doc.truth.fields.forEach((field, i) => {
    if (isFound(field, items)) found++;
    else misses.push({ query: field.query, expected: field.answer, got: items[i]?.answer ?? "" });
  });
  return { name: doc.name, docType: doc.truth.doc_type, found, total: doc.truth.fields.length, ms, misses };
}

export function summarise(outcomes: DocumentOutcome[]): EvalReport {
  const byDocType: EvalReport["byDocType"] = {};
  for (const o of outcomes) {
    const entry = (byDocType[o.docType] ??= { found: 0, total: 0, recall: 0 });
    entry.found += o.found;
    entry.total += o.total;
  }
  for (const entry of Object.values(byDocType)) entry.recall = entry.total ? entry.found / entry.total : 0;
  const found = outcomes.reduce((s, o) => s + o.found, 0);
  const total = outcomes.reduce((s, o) => s + o.total, 0);
  return {
    documents: outcomes.length,
    found,
    total,
    recall: total ? found / total : 0,
    byDocType,
    medianMs: median(outcomes.map((o) => o.ms)),
    misses: outcomes.flatMap((o) => o.misses.map((m) => ({ document: o.name, ...m }))),
  };
}
