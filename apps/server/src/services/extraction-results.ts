import type { AttributeJudgement, ExtractedItem, TickMark } from "../ai/provider.js";

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** Boxes leave the server inside the image: each value 0..1, and no side past the far edge. */
export function clampBox(box: { x: number; y: number; width: number; height: number } | undefined) {
  const x = clamp01(box?.x ?? 0);
  const y = clamp01(box?.y ?? 0);
  return { x, y, width: Math.min(clamp01(box?.width ?? 0), 1 - x), height: Math.min(clamp01(box?.height ?? 0), 1 - y) };
}

/** One result per query, in order; a query the engine did not answer is an empty, zero-confidence result. */
export function presentQueryResults(queries: string[], items: ExtractedItem[]) {
  return queries.map((query, i) => {
    const item = items.find((it) => it.query === query) ?? items[i];
    const answer = (item?.answer ?? "").trim();
    if (!item || !answer) return { query, answer: "", confidence: 0, box: { x: 0, y: 0, width: 0, height: 0 } };
    return { query, answer, confidence: clamp01(item.confidence), box: clampBox(item.box) };
  });
}

function letter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Letters every tick mark A, B, C... across all attributes in order, so the letters on the screen,
 * in the workpaper and in the per-attribute lists agree.
 */
export function presentJudgement(result: { attributes: AttributeJudgement[]; conclusion: string }) {
  let next = 0;
  const attributes = result.attributes.map((a) => ({
    attribute: a.attribute,
    status: a.status,
    reasoning: a.reasoning,
    tick_marks: (a.tick_marks ?? []).map((t: TickMark) => ({
      label: letter(next++),
      text: t.text,
      box: clampBox(t.box),
    })),
  }));
  return {
    attributes,
    conclusion: result.conclusion,
    tick_marks: attributes.flatMap((a) => a.tick_marks),
  };
}
