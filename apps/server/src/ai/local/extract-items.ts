import type { Box, ExtractedItem, OcrLine, OcrResult, OcrWord } from "../provider.js";
import { expectedType, isMetaLabel, labelSimilarity, vocabularyShare } from "./label-similarity.js";
import { cleanValue, clamp, type ValueType, valueFit } from "./value-types.js";

/**
 * Finds requested items on an OCR'd page by pairing labels with values. A pair is either on one
 * line ("Invoice Date: 2024-03-01", or a label column and a value column), or stacked (label
 * above value, a table header above its cell). Each pair is scored by how close the label is to
 * the query in meaning and how well the value fits the kind of value the query asks for.
 */

export const EMPTY_BOX: Box = { x: 0, y: 0, width: 0, height: 0 };

/** A run of words on one line, separated from its neighbours by a wide gap. */
export interface Cell {
  words: OcrWord[];
  text: string;
  box: Box;
  line: number;
}

export interface Candidate {
  label: string;
  value: OcrWord[];
  layout: "inline" | "column" | "stacked";
  /** The label ended with a delimiter such as ":" or "#". */
  delimited: boolean;
  /** The label is set much larger than the page's text: a title, not a field. */
  heading?: boolean;
}

export function unionBox(boxes: Box[]): Box {
  if (!boxes.length) return EMPTY_BOX;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return { x: r(x0), y: r(y0), width: r(x1 - x0), height: r(y1 - y0) };
}

const joinWords = (words: OcrWord[]) => words.map((w) => w.text).join(" ");

/** Splits "Implemented On:2023-09-04" (read as one word) at the colon, sharing the box by characters. */
function splitGluedLabels(word: OcrWord): OcrWord[] {
  const m = word.text.match(/^(.*[a-z)#.]:)(\S.*)$/i);
  if (!m || /^\d{1,2}:\d{2}/.test(m[2])) return [word];
  const [left, right] = [m[1], m[2]];
  const share = left.length / word.text.length;
  const { x, y, width, height } = word.box;
  return [
    { text: left, confidence: word.confidence, box: { x, y, width: width * share, height } },
    { text: right, confidence: word.confidence, box: { x: x + width * share, y, width: width * (1 - share), height } },
  ];
}

/**
 * Cells: a line's words split wherever the gap is wide compared with the text height (columns),
 * measured in pixels so that the page's aspect ratio does not matter.
 */
export function toCells(ocr: OcrResult): Cell[] {
  const cells: Cell[] = [];
  ocr.lines.forEach((line: OcrLine, lineIndex) => {
    const words = line.words.flatMap(splitGluedLabels);
    const heights = words.map((w) => w.box.height * ocr.height).sort((a, b) => a - b);
    const textHeight = heights[Math.floor(heights.length / 2)] || 1;
    let current: OcrWord[] = [];
    const flush = () => {
      if (current.length) {
        cells.push({
          words: current,
          text: joinWords(current),
          box: unionBox(current.map((w) => w.box)),
          line: lineIndex,
        });
      }
      current = [];
    };
    for (const word of words) {
      const prev = current[current.length - 1];
      if (prev) {
        const gap = (word.box.x - (prev.box.x + prev.box.width)) * ocr.width;
        if (gap > 1.6 * textHeight) flush();
      }
      current.push(word);
    }
    flush();
  });
  return cells;
}

const endsWithDelimiter = (text: string) => /[:#]$|\bno\.?$|\bnr\.?$/i.test(text.trim());
const hasInnerColon = (text: string) => /:(?!$)/.test(text.trim()) && !/\d:\d/.test(text);
const containsLabel = (words: OcrWord[]) => words.some((w, i) => /[a-z]:$/i.test(w.text) && i < words.length);

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Every plausible label/value pairing on the page. */
export function candidatesOf(ocr: OcrResult, cells: Cell[] = toCells(ocr)): Candidate[] {
  const all: Candidate[] = [];
  // Type size is read from the width per character: box heights vary with ascenders, descenders
  // and skew, widths hardly do. A label set clearly larger than the page's text is a title.
  const charWidth = (w: OcrWord) => (w.box.width * ocr.width) / Math.max(1, w.text.length);
  const pageCharWidth = medianOf(cells.flatMap((c) => c.words.map(charWidth)));
  const out = {
    push(candidate: Candidate & { labelWords: OcrWord[] }) {
      const { labelWords, ...rest } = candidate;
      all.push({ ...rest, heading: medianOf(labelWords.map(charWidth)) > 1.45 * pageCharWidth });
    },
  };

  cells.forEach((cell, index) => {
    // Label and value inside one cell, split after any word.
    for (let k = 1; k < cell.words.length; k++) {
      const labelWords = cell.words.slice(0, k);
      const valueWords = cell.words.slice(k);
      const label = joinWords(labelWords);
      if (hasInnerColon(label) || containsLabel(valueWords)) continue;
      out.push({ label, labelWords, value: valueWords, layout: "inline", delimited: endsWithDelimiter(label) });
    }
    if (hasInnerColon(cell.text)) return;
    // Label cell followed by a value cell on the same line (two columns).
    const next = cells[index + 1];
    if (next && next.line === cell.line && !containsLabel(next.words)) {
      out.push({
        label: cell.text,
        labelWords: cell.words,
        value: next.words,
        layout: "column",
        delimited: endsWithDelimiter(cell.text),
      });
    }
    // Label above value: the nearest cell below that overlaps horizontally and is close.
    const labelHeight = cell.box.height;
    const below = cells
      .filter((c) => c.line > cell.line && c.box.y > cell.box.y + labelHeight * 0.5)
      .filter((c) => c.box.y - (cell.box.y + labelHeight) < labelHeight * 2.5)
      .filter((c) => {
        const overlap = Math.min(c.box.x + c.box.width, cell.box.x + cell.box.width) - Math.max(c.box.x, cell.box.x);
        return overlap > 0 || Math.abs(c.box.x - cell.box.x) < labelHeight * 2;
      })
      .sort((a, b) => a.box.y - b.box.y);
    const value = below[0];
    if (value && !containsLabel(value.words) && !hasInnerColon(value.text)) {
      out.push({
        label: cell.text,
        labelWords: cell.words,
        value: value.words,
        layout: "stacked",
        delimited: endsWithDelimiter(cell.text),
      });
    }
  });
  return all;
}

/** For typed values, keeps the words that make the value ("INV-1 (paid)" → "INV-1"). */
function narrowValue(type: ValueType, all: OcrWord[]): OcrWord[] {
  // Specks read as "~~" or "|" at either end are not part of the value.
  let words = all;
  while (words.length > 1 && !/[\p{L}\p{N}]/u.test(words[0].text)) words = words.slice(1);
  while (words.length > 1 && !/[\p{L}\p{N}]/u.test(words[words.length - 1].text)) words = words.slice(0, -1);
  if (type === "text" || type === "person" || type === "organisation" || words.length < 2) return words;
  if (valueFit(type, joinWords(words)) >= 0.9) return words;
  let best = words;
  let bestFit = valueFit(type, joinWords(words));
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= words.length; j++) {
      const span = words.slice(i, j);
      const fit = valueFit(type, joinWords(span));
      if (fit > bestFit + 0.05) {
        best = span;
        bestFit = fit;
      }
    }
  }
  return best;
}

/** OCR often reads the letter O as a zero in identifier prefixes ("P0-32224"). */
export function repairIdentifier(text: string): string {
  return text.replace(/\b([A-Z0-9]{1,6})(?=[-_/]\d)/g, (prefix) => {
    const letters = prefix.replace(/[^A-Z]/g, "").length;
    if (!letters || letters === prefix.length) return prefix;
    return prefix.replace(/0/g, "O").replace(/1/g, "I").replace(/5/g, "S").replace(/8/g, "B");
  });
}

export interface ScoredAnswer {
  item: ExtractedItem;
  score: number;
  label: string;
}

const MIN_SCORE = 0.4;
const TYPED = new Set<ValueType>([
  "person",
  "organisation",
  "identifier",
  "date",
  "amount",
  "count",
  "email",
  "percent",
]);

export function scoreCandidate(
  query: string,
  type: ValueType,
  candidate: Candidate,
): { score: number; words: OcrWord[] } {
  const words = narrowValue(type, candidate.value);
  const valueText = cleanValue(joinWords(words));
  if (!valueText) return { score: 0, words };
  let similarity = labelSimilarity(query, candidate.label);
  if (isMetaLabel(candidate.label) && !isMetaLabel(query)) similarity *= 0.3;
  const fit = valueFit(type, joinWords(words));
  // A "value" that itself reads like the query is another label, not an answer.
  const valueLooksLikeLabel = labelSimilarity(query, valueText);
  const trimmed = words.length < candidate.value.length ? 0.03 : 0;
  // Names, amounts and identifiers are not made of field words; "CAB Approval" is a header.
  const labelWords = TYPED.has(type) ? 0.25 * vocabularyShare(valueText) : 0;
  const score =
    0.6 * similarity +
    0.4 * fit +
    (candidate.delimited ? 0.05 : 0) -
    0.3 * valueLooksLikeLabel -
    trimmed -
    labelWords -
    (candidate.heading ? 0.15 : 0);
  return { score, words };
}

/** Finds one answer per query, in order; a query with no convincing answer gets an empty result. */
export function extractFromOcr(ocr: OcrResult, queries: string[]): ScoredAnswer[] {
  const candidates = candidatesOf(ocr);
  return queries.map((rawQuery) => {
    const query = rawQuery.toLowerCase().trim();
    const type = expectedType(query);
    let best = { score: Number.NEGATIVE_INFINITY, words: [] as OcrWord[], label: "" };
    for (const candidate of candidates) {
      const scored = scoreCandidate(query, type, candidate);
      if (scored.score > best.score) best = { ...scored, label: candidate.label };
    }
    if (best.score < MIN_SCORE || !best.words.length) {
      return { item: { query, answer: "", confidence: 0, box: EMPTY_BOX }, score: Math.max(0, best.score), label: "" };
    }
    let answer = cleanValue(joinWords(best.words));
    if (type === "identifier") answer = repairIdentifier(answer);
    const ocrConfidence = best.words.reduce((s, w) => s + w.confidence, 0) / best.words.length;
    const confidence = Math.round(clamp(Math.min(1, best.score) * (0.5 + 0.5 * ocrConfidence)) * 1000) / 1000;
    return {
      item: { query, answer, confidence, box: unionBox(best.words.map((w) => w.box)) },
      score: best.score,
      label: best.label,
    };
  });
}
