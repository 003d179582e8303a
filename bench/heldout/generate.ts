/**
 * Held-out evidence generator: renders synthetic audit evidence of kinds and label wordings the
 * dev fixtures do not contain, with ground truth in the fixtures' format (value boxes measured
 * from the rendered pixels of each text run, then carried through the page's rotation).
 *
 * Run: `npx tsx bench/heldout/generate.ts [outDir=/tmp/heldout-set] [count=36] [seed=20261121]`.
 * The same seed always gives the same set.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type Gen, KINDS, type Kind } from "./kinds.js";
import { createRandom, type Random } from "./random.js";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One run of text drawn at a baseline; `anchor: "end"` right-aligns it at x. */
interface Run {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  anchor?: "start" | "end";
  fill?: string;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  stroke?: string;
}

interface TruthField {
  key: string;
  query: string;
  answer: string;
  box: Box;
  line_box: Box;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function runSvg(r: Run, font: string): string {
  return `<text x="${r.x.toFixed(1)}" y="${r.y.toFixed(1)}" font-family="${font}" font-size="${r.size}" font-weight="${r.bold ? "bold" : "normal"}" text-anchor="${r.anchor ?? "start"}" fill="${r.fill ?? "#161616"}">${esc(r.text)}</text>`;
}

/** Ink box of one run, measured by rendering it alone in a strip and trimming the white. */
async function measureRun(r: Run, font: string, pageWidth: number): Promise<Box> {
  const top = r.y - r.size * 1.6;
  const height = Math.ceil(r.size * 2.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pageWidth}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${runSvg({ ...r, y: r.y - top }, font)}</svg>`;
  const { info } = await sharp(Buffer.from(svg)).greyscale().trim({ background: "#ffffff", threshold: 40 }).toBuffer({
    resolveWithObject: true,
  });
  return {
    x: -(info.trimOffsetLeft ?? 0),
    y: top - (info.trimOffsetTop ?? 0),
    width: info.width,
    height: info.height,
  };
}

/** Layout state for one page: a cursor moving down, runs and rectangles drawn so far. */
class Page {
  runs: Run[] = [];
  rects: Rect[] = [];
  fields: Array<{ key: string; query: string; answer: string; value: Run; label: Run }> = [];
  y: number;
  constructor(
    readonly width: number,
    readonly font: string,
    readonly size: number,
    readonly margin: number,
  ) {
    this.y = margin;
  }
  add(run: Run): Run {
    this.runs.push(run);
    return run;
  }
  /** Advance width estimate, only for spacing decisions (boxes are always measured). */
  textWidth(text: string, size = this.size): number {
    const perChar = this.font.includes("Mono") ? 0.61 : this.font.includes("Serif") ? 0.58 : 0.56;
    return text.length * size * perChar;
  }
}

export interface GeneratedDoc {
  name: string;
  docType: string;
  image: Buffer;
  ext: "png" | "jpg";
  truth: object;
}

const FONTS = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Liberation Sans", "Liberation Serif"];

/** Draws the fields of a section in the chosen layout. */
function drawSection(page: Page, rnd: Random, section: ReturnType<Kind["build"]>["sections"][number]) {
  const s = page.size;
  const left = page.margin;
  const right = page.width - page.margin;
  if (section.heading) {
    page.y += s * 0.8;
    page.add({ text: section.heading, x: left, y: page.y + s, size: Math.round(s * 1.1), bold: true });
    page.y += s * 2;
  }
  if (section.kind === "lines") {
    for (const line of section.lines) {
      page.add({ text: line, x: left, y: page.y + s, size: s });
      page.y += s * 1.7;
    }
    return;
  }
  if (section.kind === "table") {
    const cols = section.headers.length;
    const widths = section.headers.map((h, i) =>
      Math.max(page.textWidth(h, s), ...section.rows.map((r) => page.textWidth(r[i], s))),
    );
    const gap = Math.max(s * 2.2, (right - left - widths.reduce((a, b) => a + b, 0)) / Math.max(1, cols - 1));
    const xs: number[] = [];
    let x = left;
    for (const w of widths) {
      xs.push(x);
      x += w + gap;
    }
    const numeric = section.rows[0].map((cell) => /^[(\-$€£]?[\d,.]+\)?$|\d\.\d{2}\)?$/.test(cell.trim()));
    const cellX = (i: number) => (numeric[i] ? xs[i] + widths[i] : xs[i]);
    const anchor = (i: number) => (numeric[i] ? ("end" as const) : ("start" as const));
    page.rects.push({ x: left - 8, y: page.y, width: right - left + 16, height: s * 1.9, fill: section.headerFill });
    const headerRuns = section.headers.map((h, i) =>
      page.add({ text: h, x: cellX(i), y: page.y + s * 1.3, size: s, bold: true, anchor: anchor(i) }),
    );
    page.y += s * 2.3;
    section.rows.forEach((row, r) => {
      const runs = row.map((cell, i) => page.add({ text: cell, x: cellX(i), y: page.y + s, size: s, anchor: anchor(i) }));
      for (const f of section.fields.filter((f) => f.row === r)) {
        page.fields.push({ ...f, value: runs[f.col], label: headerRuns[f.col] });
      }
      page.y += s * 1.8;
    });
    page.y += s * 0.6;
    return;
  }
  // Key/value fields.
  const style = section.style;
  const labelText = (label: string) => (section.colon && !/[:#?]$/.test(label) ? `${label}:` : label);
  if (style === "twocol") {
    const half = (right - left) / 2;
    for (let i = 0; i < section.fields.length; i += 2) {
      for (const [j, f] of section.fields.slice(i, i + 2).entries()) {
        const x = left + j * half;
        const label = page.add({ text: labelText(f.label), x, y: page.y + s, size: Math.round(s * 0.85), fill: "#444" });
        const value = page.add({ text: f.value, x, y: page.y + s * 2.5, size: s, bold: section.boldValues });
        if (f.query) page.fields.push({ key: f.key, query: f.query, answer: f.answer ?? f.value, value, label });
      }
      page.y += s * 3.6;
    }
    return;
  }
  const labelColumn = Math.max(...section.fields.map((f) => page.textWidth(labelText(f.label)))) + s * 2.5;
  for (const f of section.fields) {
    const lt = labelText(f.label);
    let label: Run;
    let value: Run;
    if (style === "stacked") {
      label = page.add({ text: lt, x: left, y: page.y + s, size: Math.round(s * 0.85), bold: true });
      value = page.add({ text: f.value, x: left, y: page.y + s * 2.5, size: s });
      page.y += s * 3.7;
    } else if (style === "column" || style === "right") {
      label = page.add({ text: lt, x: left, y: page.y + s, size: s, bold: section.boldLabels });
      value =
        style === "right"
          ? page.add({ text: f.value, x: right, y: page.y + s, size: s, anchor: "end", bold: section.boldValues })
          : page.add({ text: f.value, x: left + labelColumn, y: page.y + s, size: s, bold: section.boldValues });
      page.y += s * 1.9;
    } else {
      // Inline: "Label: value" with one space; the value starts where the label's ink ends.
      label = page.add({ text: lt, x: left, y: page.y + s, size: s, bold: section.boldLabels });
      value = page.add({ text: f.value, x: left, y: page.y + s, size: s }); // placed after measuring
      (value as Run & { after?: Run }).after = label;
      page.y += s * 1.9;
    }
    if (f.query) page.fields.push({ key: f.key, query: f.query, answer: f.answer ?? f.value, value, label });
  }
}

const union = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
};

/** Axis-aligned box of a box turned by `deg` (clockwise, as SVG's rotate) about (cx, cy). */
function rotateBox(b: Box, deg: number, cx: number, cy: number): Box {
  const t = (deg * Math.PI) / 180;
  const pts = [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x, b.y + b.height],
    [b.x + b.width, b.y + b.height],
  ].map(([x, y]) => [
    cx + (x - cx) * Math.cos(t) - (y - cy) * Math.sin(t),
    cy + (x - cx) * Math.sin(t) + (y - cy) * Math.cos(t),
  ]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

const frac = (b: Box, w: number, h: number): Box => {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return { x: r(b.x / w), y: r(b.y / h), width: r(b.width / w), height: r(b.height / h) };
};

/** Renders document `index` of kind `kind` with its own seeded random stream. */
export async function renderDocument(kind: Kind, index: number, seed: number): Promise<GeneratedDoc> {
  const rnd = createRandom(seed * 1_000 + index);
  const gen: Gen = { rnd };
  const spec = kind.build(gen);
  const font = rnd.pick(FONTS);
  const width = rnd.int(1000, 1250);
  const size = rnd.int(19, 24);
  const page = new Page(width, font, size, Math.round(width * rnd.float(0.05, 0.08)));

  // Title and page furniture that must not be taken for answers.
  page.add({ text: spec.title, x: page.margin, y: page.y + size * 1.5, size: Math.round(size * 1.5), bold: true });
  if (spec.subtitle) page.add({ text: spec.subtitle, x: page.width - page.margin, y: page.y + size * 1.4, size: Math.round(size * 0.8), anchor: "end", fill: "#555" });
  page.y += size * 3;
  for (const section of spec.sections) drawSection(page, rnd, section);
  page.y += size;
  page.add({ text: spec.footer ?? `Page 1 of 1`, x: page.margin, y: page.y + size, size: Math.round(size * 0.75), fill: "#666" });
  const height = Math.round(Math.max(page.y + size * 3, width * 0.7));

  // Measure every run once, placing inline values a space after their label's ink.
  const boxes = new Map<Run, Box>();
  for (const run of page.runs) {
    const after = (run as Run & { after?: Run }).after;
    if (after) run.x = (boxes.get(after) as Box).x + (boxes.get(after) as Box).width + size * 0.35;
    boxes.set(run, await measureRun(run, font, width));
  }

  // Degradations, chosen per document.
  const rotate = rnd.chance(0.5) ? rnd.float(-3, 3) : 0;
  const grey = rnd.chance(0.4) ? rnd.int(215, 240) : 255;
  const noise = rnd.chance(0.4) ? rnd.int(6, 16) : 0;
  const blur = rnd.chance(0.35) ? rnd.float(0.5, 1) : 0;
  const outWidth = rnd.chance(0.4) ? rnd.int(700, 900) : width;
  const jpeg = rnd.chance(0.5) ? rnd.int(40, 70) : 0;

  const bg = `rgb(${grey},${grey},${grey})`;
  const rects = page.rects
    .map((r) => `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="${r.fill}"${r.stroke ? ` stroke="${r.stroke}"` : ""}/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/><g transform="rotate(${rotate.toFixed(3)} ${width / 2} ${height / 2})"><rect x="-50" y="-50" width="${width + 100}" height="${height + 100}" fill="${bg}"/>${rects}${page.runs.map((r) => runSvg(r, font)).join("")}</g></svg>`;
  let { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (noise) {
    data = Buffer.from(data);
    for (let i = 0; i < data.length; i++) {
      const n = (rnd.next() + rnd.next() + rnd.next() - 1.5) * noise;
      data[i] = Math.max(0, Math.min(255, data[i] + n));
    }
  }
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (blur) image = sharp(await image.blur(blur).png().toBuffer());
  if (outWidth !== width) image = sharp(await image.resize({ width: outWidth }).png().toBuffer());
  const buffer = jpeg ? await image.jpeg({ quality: jpeg }).toBuffer() : await image.png().toBuffer();
  const meta = await sharp(buffer).metadata();

  const place = (b: Box) => frac(rotate ? rotateBox(b, rotate, width / 2, height / 2) : b, width, height);
  const fields: TruthField[] = page.fields.map((f) => {
    const v = boxes.get(f.value) as Box;
    const l = boxes.get(f.label) as Box;
    return { key: f.key, query: f.query, answer: f.answer, box: place(v), line_box: place(union(v, l)) };
  });
  const name = `${kind.docType}-h${String(index).padStart(3, "0")}`;
  const ext = jpeg ? "jpg" : "png";
  return {
    name,
    docType: kind.docType,
    image: buffer,
    ext,
    truth: {
      file: `${name}.${ext}`,
      width: meta.width,
      height: meta.height,
      doc_type: kind.docType,
      rotated_degrees: Math.round(rotate * 100) / 100,
      degradations: { grey, noise, blur: Math.round(blur * 100) / 100, out_width: outWidth, jpeg_quality: jpeg || null, font },
      fields,
    },
  };
}

/** Writes `count` documents, kinds taken in turn, and a manifest; returns the file names. */
export async function generateSet(outDir: string, count: number, seed = 20261121): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length];
    const doc = await renderDocument(kind, i, seed);
    await writeFile(path.join(outDir, `${doc.name}.${doc.ext}`), doc.image);
    await writeFile(path.join(outDir, `${doc.name}.json`), `${JSON.stringify(doc.truth, null, 2)}\n`);
    names.push(`${doc.name}.json`);
  }
  await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify({ seed, files: names }, null, 2)}\n`);
  return names;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out = "/tmp/heldout-set", count = "36", seed = "20261121"] = process.argv.slice(2);
  const started = performance.now();
  const names = await generateSet(path.resolve(out), Number(count), Number(seed));
  console.log(`${names.length} documents written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
