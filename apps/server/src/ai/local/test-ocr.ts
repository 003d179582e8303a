import type { OcrLine, OcrResult, OcrWord } from "../provider.js";

/**
 * Builds an OCR result by hand for reasoning tests: each row is a line of cells placed at the
 * given x (fraction), words sized like 20 px text on a 1000 × 1000 page.
 */
export function handOcr(rows: Array<Array<[x: number, text: string]>>, lineGap = 0.05): OcrResult {
  const lines: OcrLine[] = rows.map((cells, i) => {
    const y = 0.1 + i * lineGap;
    const words: OcrWord[] = [];
    for (const [x0, text] of cells) {
      let x = x0;
      for (const part of text.split(" ")) {
        const width = part.length * 0.012;
        words.push({ text: part, confidence: 0.95, box: { x, y, width, height: 0.02 } });
        x += width + 0.008;
      }
    }
    const last = words[words.length - 1].box;
    return {
      text: words.map((w) => w.text).join(" "),
      confidence: 0.95,
      box: { x: words[0].box.x, y, width: last.x + last.width - words[0].box.x, height: 0.02 },
      words,
    };
  });
  return { width: 1000, height: 1000, text: lines.map((l) => l.text).join("\n"), lines };
}
