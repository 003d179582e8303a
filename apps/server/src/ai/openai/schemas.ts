import { z } from "zod";
import type { Box } from "../provider.js";

const clamp01 = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0));

/** A box as fractions 0-1; models sometimes overshoot, so values are clamped rather than refused. */
export const ModelBox = z
  .object({ x: z.coerce.number(), y: z.coerce.number(), width: z.coerce.number(), height: z.coerce.number() })
  .transform((b): Box => {
    const x = clamp01(b.x);
    const y = clamp01(b.y);
    return { x, y, width: Math.min(clamp01(b.width), 1 - x), height: Math.min(clamp01(b.height), 1 - y) };
  });

export const ZERO_BOX: Box = { x: 0, y: 0, width: 0, height: 0 };

export const ExtractItemsOutput = z.object({
  results: z.array(
    z.object({
      query: z.string(),
      answer: z
        .string()
        .nullable()
        .transform((v) => v ?? ""),
      box: ModelBox.nullable().transform((b) => b ?? ZERO_BOX),
    }),
  ),
});

export const ReadTextOutput = z.object({
  lines: z.array(z.object({ text: z.string(), box: ModelBox })),
});

export const JudgeAttributesOutput = z.object({
  attributes: z.array(
    z.object({
      attribute: z.string(),
      status: z.enum(["pass", "fail", "inconclusive"]),
      reasoning: z.string(),
      tick_marks: z.array(z.object({ label: z.string(), text: z.string(), box: ModelBox })).default([]),
    }),
  ),
  conclusion: z.string(),
});
