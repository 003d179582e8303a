import { z } from "zod";

/** Smallest width/height an exported box may have (spec section 9). */
export const EXPORT_MIN_BOX_SIZE = 0.000001;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A rectangle as fractions 0-1 of the image's width and height. */
export const ExtractionBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type ExtractionBox = z.infer<typeof ExtractionBox>;

export const QueryBody = z.object({
  file_id: z.string().min(1, "file_id is required"),
  user_queries: z
    .array(z.string().trim().min(1, "queries must not be blank").max(200))
    .min(1, "Please specify at least one item to extract.")
    .max(50)
    .transform((qs) => qs.map((q) => q.toLowerCase())),
});
export type QueryBody = z.input<typeof QueryBody>;

export const ExtractionResult = z.object({
  query: z.string(),
  answer: z.string(),
  confidence: z.number(),
  box: ExtractionBox,
});
export type ExtractionResult = z.infer<typeof ExtractionResult>;

export const QueryResponse = z.object({
  job_id: z.string().optional(),
  results: z.array(ExtractionResult),
});
export type QueryResponse = z.infer<typeof QueryResponse>;

const AttributeList = z
  .array(z.string())
  .transform((list) => list.map((a) => a.trim()).filter((a) => a.length > 0))
  .pipe(z.array(z.string().max(1000)).min(1, "At least one non-empty attribute is required").max(50));

export const AnalyzeBody = z.object({
  file_id: z.string().min(1, "file_id is required"),
  control_description: z.string().trim().max(10_000).default(""),
  attributes: AttributeList,
});
export type AnalyzeBody = z.input<typeof AnalyzeBody>;

export const RetestBody = z.object({
  file_id: z.string().min(1, "file_id is required"),
  control_description: z.string().trim().min(1, "control_description is required").max(10_000),
  test_attributes: AttributeList,
});
export type RetestBody = z.input<typeof RetestBody>;

export const ExtractionTickMark = z.object({ label: z.string(), text: z.string(), box: ExtractionBox });
export type ExtractionTickMark = z.infer<typeof ExtractionTickMark>;

export const ExtractionAttributeStatus = z.enum(["pass", "fail", "inconclusive"]);
export type ExtractionAttributeStatus = z.infer<typeof ExtractionAttributeStatus>;

export const ExtractionAttributeResult = z.object({
  attribute: z.string(),
  status: ExtractionAttributeStatus,
  reasoning: z.string(),
  tick_marks: z.array(ExtractionTickMark),
});
export type ExtractionAttributeResult = z.infer<typeof ExtractionAttributeResult>;

export const AnalyzeResponse = z.object({
  job_id: z.string().optional(),
  attributes: z.array(ExtractionAttributeResult),
  conclusion: z.string(),
  tick_marks: z.array(ExtractionTickMark),
});
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>;

export const RetestResponse = AnalyzeResponse;
export type RetestResponse = AnalyzeResponse;

/** One lettered box on the workpaper; coordinates are clamped rather than refused (spec section 5). */
export const ExportBox = z
  .object({
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().finite(),
    height: z.number().finite(),
    label: z.string().trim().min(1).max(10),
    text: z.string().max(5000).optional(),
    description: z.string().max(5000).optional(),
    confidence: z.number().finite().optional(),
  })
  .transform((b) => ({
    ...b,
    x: clamp01(b.x),
    y: clamp01(b.y),
    width: Math.max(EXPORT_MIN_BOX_SIZE, clamp01(b.width)),
    height: Math.max(EXPORT_MIN_BOX_SIZE, clamp01(b.height)),
  }));
export type ExportBox = z.output<typeof ExportBox>;

export const ExportExcelBody = z.object({
  // Optional at the schema level so the spec's own wording answers a missing id.
  file_id: z.string().optional(),
  boxes: z.array(ExportBox).min(1, "At least one box is required for Excel export").max(500),
});
export type ExportExcelBody = z.input<typeof ExportExcelBody>;

/** Messages of spec section 8 for export. */
export const EXPORT_WORKSPACE_REQUIRED = "Workspace ID is required for Excel export";
export const EXPORT_FILE_REQUIRED = "File ID is required for Excel export";
