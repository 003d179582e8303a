import type { Box, ExtractedItem, OcrLine, OcrResult, OcrWord } from "../provider.js";
import { expectedType, isMetaLabel, labelSimilarity, lexicalShare, vocabularyShare } from "./label-similarity.js";
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
  /** The label or value is set much larger than the page's text: a title, not a field. */
  heading?: boolean;
  /** Stacked under a "Label:" that already has a value to its right on its own row. */
  besideValue?: boolean;
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
// "Success %:" is a label as much as "Rate:"; "12:" after a time is not.
const containsLabel = (words: OcrWord[]) => words.some((w) => /[a-z%#)]:$/i.test(w.text));

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The page's skew as a slope (pixels down per pixel right), read from the OCR lines' own words:
 * a rotated scan tilts every line alike, so the median tilt of the longer lines is the page's.
 */
export function pageSlope(ocr: OcrResult): number {
  const slopes: number[] = [];
  for (const line of ocr.lines) {
    if (line.words.length < 2) continue;
    const a = line.words[0].box;
    const b = line.words[line.words.length - 1].box;
    const dx = (b.x + b.width / 2 - (a.x + a.width / 2)) * ocr.width;
    if (dx < 0.15 * ocr.width) continue;
    slopes.push(((b.y + b.height / 2 - (a.y + a.height / 2)) * ocr.height) / dx);
  }
  return slopes.length ? medianOf(slopes) : 0;
}

/**
 * The nearest cell to the right on the same printed row. Tesseract often puts a far-right value
 * (a right-aligned amount, a settings panel's value) in another block, so rows are found by
 * position, allowing for the page's skew, not by tesseract's line.
 */
function rightNeighbour(cell: Cell, cells: Cell[], ocr: OcrResult, slope: number): Cell | undefined {
  const cx = (b: Box) => (b.x + b.width / 2) * ocr.width;
  const cy = (b: Box) => (b.y + b.height / 2) * ocr.height;
  const right = (cell.box.x + cell.box.width) * ocr.width;
  let best: Cell | undefined;
  for (const c of cells) {
    if (c === cell) continue;
    const left = c.box.x * ocr.width;
    if (left < right - 2) continue;
    const expected = cy(cell.box) + slope * (cx(c.box) - cx(cell.box));
    const tolerance = 0.5 * Math.min(cell.box.height, c.box.height) * ocr.height;
    if (Math.abs(cy(c.box) - expected) > tolerance) continue;
    if (!best || left < best.box.x * ocr.width) best = c;
  }
  return best;
}

/** Every plausible label/value pairing on the page. */
export function candidatesOf(ocr: OcrResult, cells: Cell[] = toCells(ocr)): Candidate[] {
  const all: Candidate[] = [];
  // Type size is read from the width per character: box heights vary with ascenders, descenders
  // and skew, widths hardly do. A label set clearly larger than the page's text is a title.
  const charWidth = (w: OcrWord) => (w.box.width * ocr.width) / Math.max(1, w.text.length);
  const pageCharWidth = medianOf(cells.flatMap((c) => c.words.map(charWidth)));
  // Heights confirm it: bold or capitals widen letters, only a larger size makes them taller.
  const pageHeight = medianOf(cells.flatMap((c) => c.words.map((w) => w.box.height)));
  const isHeading = (words: OcrWord[]) => {
    const width = medianOf(words.map(charWidth)) / pageCharWidth;
    const height = medianOf(words.map((w) => w.box.height)) / pageHeight;
    return width > 1.3 && height > 1.4;
  };
  const slope = pageSlope(ocr);
  const out = {
    push(candidate: Candidate & { labelWords: OcrWord[] }) {
      const { labelWords, ...rest } = candidate;
      all.push({ ...rest, heading: isHeading(labelWords) || isHeading(rest.value) });
    },
  };

  cells.forEach((cell) => {
    // Label and value inside one cell, split after any word.
    for (let k = 1; k < cell.words.length; k++) {
      const labelWords = cell.words.slice(0, k);
      const valueWords = cell.words.slice(k);
      const label = joinWords(labelWords);
      if (hasInnerColon(label) || containsLabel(valueWords)) continue;
      out.push({ label, labelWords, value: valueWords, layout: "inline", delimited: endsWithDelimiter(label) });
    }
    if (hasInnerColon(cell.text)) return;
    // Label cell followed by a value cell on the same row (two columns).
    const next = rightNeighbour(cell, cells, ocr, slope);
    if (next && !containsLabel(next.words)) {
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
      .filter((c) => c !== cell && c.box.y > cell.box.y + labelHeight * 0.5)
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
        besideValue: endsWithDelimiter(cell.text) && !!next && !containsLabel(next.words),
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
  // A status reads as a phrase ("Approved with conditions"); other types narrow to their core.
  if (valueFit(type, joinWords(words)) >= (type === "status" ? 0.8 : 0.9)) return words;
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

/**
 * OCR confuses O/0 and I/l/1 in identifiers: a zero in a letter prefix ("P0-32224"), a letter O
 * ending a long prefix before the number ("RITMO411762", where record numbers start with 0), and
 * letters among digits ("SUP9II24").
 */
export function repairIdentifier(text: string): string {
  return text
    .replace(/\b([A-Z0-9]{1,6})(?=[-_/]\d)/g, (prefix) => {
      const letters = prefix.replace(/[^A-Z]/g, "").length;
      if (!letters || letters === prefix.length) return prefix;
      return prefix.replace(/0/g, "O").replace(/1/g, "I").replace(/5/g, "S").replace(/8/g, "B");
    })
    .replace(/\b([A-Z]{3,})O(?=\d{4,}\b)/g, "$10")
    .replace(/(?<=\d)[OIl]+(?=\d)/g, (run) => run.replace(/O/g, "0").replace(/[Il]/g, "1"));
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

const SHAPED = new Set<ValueType>(["identifier", "date", "amount", "count", "email", "percent"]);

/** Words that make an amount an aggregate of others: a total row, not one line's value. */
const AGGREGATE = /\b(?:total|totals|grand|overall|sum)\b/i;
/** Qualifiers that name opposite amounts: asked for one, a label with the other is another field. */
const OPPOSITES: Array<[RegExp, RegExp]> = [
  [/\bgross\b/i, /\bnet\b/i],
  [/\bdebits?\b/i, /\bcredits?\b/i],
  [/\b(?:opening|beginning)\b/i, /\b(?:closing|ending)\b/i],
];

/** Penalty for an amount label that names a different amount from the query's (gross vs net, total vs one row). */
export function amountQualifierPenalty(query: string, label: string): number {
  let penalty = 0;
  for (const [a, b] of OPPOSITES) {
    if ((a.test(query) && b.test(label) && !a.test(label)) || (b.test(query) && a.test(label) && !b.test(label))) {
      penalty += 0.3;
    }
  }
  const queryTotal = AGGREGATE.test(query);
  const labelTotal = AGGREGATE.test(label);
  if (labelTotal && !queryTotal) penalty += 0.2;
  if (queryTotal && !labelTotal) penalty += 0.25;
  return penalty;
}

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
  // A date, amount or number query answered by text without that shape is almost surely wrong.
  const shapeless = SHAPED.has(type) && fit < 0.2 ? 0.25 : 0;
  // Names, amounts and identifiers are not made of field words; "CAB Approval" is a header.
  // A "value" made only of field words beside a label is the next label of a row of labels.
  const share = vocabularyShare(valueText);
  const labelWords = TYPED.has(type)
    ? share === 1 && candidate.layout === "column"
      ? 0.45
      : 0.25 * share
    : // A lone field word ("Host:") right of a label is the next label, whatever was asked.
      share === 1 && candidate.layout === "column" && type === "text" && words.length === 1
      ? 0.3
      : 0;
  // A date label ("Run Date") for a query that is not a date ("run number"), or the reverse,
  // heads another column.
  const labelType = expectedType(candidate.label.toLowerCase());
  const otherShape =
    SHAPED.has(type) && SHAPED.has(labelType) && (labelType === "date") !== (type === "date") ? 0.15 : 0;
  // Split inside one run of words with no ":" between, a value that starts in lower case
  // ("Exception | noted") or is all field words ("Job | ID") is the rest of one phrase.
  const undelimitedInline = candidate.layout === "inline" && !candidate.delimited;
  const phrase =
    undelimitedInline && (/^[^\p{L}]*\p{Ll}/u.test(valueText) || vocabularyShare(valueText) === 1) ? 0.2 : 0;
  const score =
    0.6 * similarity +
    0.4 * fit +
    0.15 * lexicalShare(query, candidate.label) -
    shapeless -
    phrase -
    (candidate.besideValue ? 0.15 : 0) +
    (candidate.delimited ? 0.05 : 0) -
    0.3 * valueLooksLikeLabel -
    trimmed -
    labelWords -
    otherShape -
    (type === "amount" ? amountQualifierPenalty(query, candidate.label) : 0) -
    (candidate.heading ? 0.6 : 0);
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
