import type ExcelJS from "exceljs";
import { annotateImage } from "./annotate-image.js";

export interface WorkbookBox {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  text?: string;
  description?: string;
  confidence?: number;
}

export interface ExtractionWorkbookInput {
  image: Buffer;
  boxes: WorkbookBox[];
  source: { fileId: string; name: string; sha256?: string | null };
  workspace: { id: string; name: string };
  exportedBy: string;
  exportedAt: Date;
}

// Sheet 1 shows the image at this width at most, so it reads on screen without scrolling sideways.
const DISPLAY_MAX_WIDTH = 1000;

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Builds the audit workpaper: sheet 1 the evidence with lettered boxes drawn on it, sheet 2 one row
 * per letter with text, description, confidence and coordinates, plus where the evidence came from.
 */
export async function buildExtractionWorkbook(input: ExtractionWorkbookInput): Promise<Buffer> {
  const annotated = await annotateImage(input.image, input.boxes);
  // Loaded on the first export: the spreadsheet library is large and most processes never export.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = input.exportedBy;
  workbook.created = input.exportedAt;
  workbook.title = `Attribute extraction - ${input.source.name}`;

  const evidence = workbook.addWorksheet("Evidence", { views: [{ showGridLines: false }] });
  evidence.getCell("A1").value = `Evidence: ${input.source.name}`;
  evidence.getCell("A1").font = { bold: true, size: 14 };
  evidence.getCell("A2").value = `Marked items ${input.boxes.map((b) => b.label).join(", ")} - see sheet "Items"`;
  evidence.getCell("A2").font = { italic: true, color: { argb: "FF555555" } };
  const imageId = workbook.addImage({ buffer: annotated.png as unknown as ExcelJS.Buffer, extension: "png" });
  const displayScale = Math.min(1, DISPLAY_MAX_WIDTH / annotated.width);
  evidence.addImage(imageId, {
    tl: { col: 0, row: 3 },
    ext: { width: Math.round(annotated.width * displayScale), height: Math.round(annotated.height * displayScale) },
    editAs: "oneCell",
  });

  const items = workbook.addWorksheet("Items", { views: [{ state: "frozen", ySplit: 8 }] });
  const details: [string, string][] = [
    ["Source file", input.source.name],
    ["File ID", input.source.fileId],
    ["SHA-256", input.source.sha256 ?? "not recorded"],
    ["Workspace", `${input.workspace.name} (${input.workspace.id})`],
    ["Exported by", input.exportedBy],
    ["Exported at", input.exportedAt.toISOString()],
    ["Image size (px)", `${annotated.sourceWidth} x ${annotated.sourceHeight}`],
  ];
  for (const [key, value] of details) {
    const row = items.addRow([key, value]);
    row.getCell(1).font = { bold: true };
  }
  const header = items.addRow([
    "Letter",
    "Text",
    "Description",
    "Confidence",
    "x",
    "y",
    "width",
    "height",
    "x (px)",
    "y (px)",
    "width (px)",
    "height (px)",
  ]);
  header.font = { bold: true, color: { argb: "FFFFFFFF" } };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF1F2937" } };
  });
  for (const box of input.boxes) {
    items.addRow([
      box.label,
      box.text ?? "",
      box.description ?? "",
      box.confidence ?? null,
      round6(box.x),
      round6(box.y),
      round6(box.width),
      round6(box.height),
      Math.round(box.x * annotated.sourceWidth),
      Math.round(box.y * annotated.sourceHeight),
      Math.round(box.width * annotated.sourceWidth),
      Math.round(box.height * annotated.sourceHeight),
    ]);
  }
  items.columns.forEach((column, i) => {
    column.width = [16, 40, 40, 12][i] ?? 11;
  });
  items.getColumn(2).alignment = { wrapText: true, vertical: "top" };
  items.getColumn(3).alignment = { wrapText: true, vertical: "top" };
  items.getColumn(4).numFmt = "0.00";

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
