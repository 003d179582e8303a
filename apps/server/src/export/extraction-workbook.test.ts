import { evidencePath } from "../../test/fixtures.js";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildExtractionWorkbook } from "./extraction-workbook.js";

const image = readFileSync(evidencePath("invoice-000.jpg"));

async function open(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

describe("buildExtractionWorkbook", () => {
  const exportedAt = new Date("2026-01-02T03:04:05.000Z");
  const input = {
    image,
    boxes: [
      {
        label: "A",
        x: 0.2,
        y: 0.1,
        width: 0.1,
        height: 0.05,
        text: "$36,178.98",
        description: "total amount",
        confidence: 0.9,
      },
      { label: "B", x: 0.5, y: 0.5, width: 0.25, height: 0.1 },
    ],
    source: { fileId: "f-1", name: "invoice-000.jpg", sha256: "ab".repeat(32) },
    workspace: { id: "w-1", name: "Audit 2026" },
    exportedBy: "tester@example-audit.com",
    exportedAt,
  };

  it("embeds the evidence image with the boxes drawn on it on the first sheet", async () => {
    const workbook = await open(await buildExtractionWorkbook(input));
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Evidence");
    const images = sheet.getImages();
    expect(images).toHaveLength(1);
    const media = workbook.getImage(Number(images[0].imageId));
    const png = Buffer.from(media.buffer as unknown as Uint8Array);
    const meta = await sharp(png).metadata();
    const source = await sharp(image).metadata();
    expect(meta.width).toBe(source.width);
    // The pixel at box A's top-left edge carries the box colour, not the paper.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    // Green channel: box A is red, so green drops sharply where its outline is drawn.
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels + 1];
    const ax = Math.round(0.2 * info.width);
    const ay = Math.round(0.1 * info.height) + Math.round(info.height * 0.025);
    const original = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const originalAt = original.data[(ay * original.info.width + ax) * original.info.channels + 1];
    expect(Math.abs(at(ax, ay) - originalAt)).toBeGreaterThan(20);
  });

  it("lists each letter with its text, description, confidence and coordinates in fractions and pixels", async () => {
    const workbook = await open(await buildExtractionWorkbook(input));
    const sheet = workbook.getWorksheet("Items")!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const source = await sharp(image).metadata();
    const a = rows.find((r) => r[0] === "A")!;
    expect(a).toEqual([
      "A",
      "$36,178.98",
      "total amount",
      0.9,
      0.2,
      0.1,
      0.1,
      0.05,
      Math.round(0.2 * source.width!),
      Math.round(0.1 * source.height!),
      Math.round(0.1 * source.width!),
      Math.round(0.05 * source.height!),
    ]);
    expect(rows.find((r) => r[0] === "B")?.[4]).toBe(0.5);
  });

  it("records the source file, its SHA-256, the workspace, who exported it and when", async () => {
    const workbook = await open(await buildExtractionWorkbook(input));
    const sheet = workbook.getWorksheet("Items")!;
    const details = new Map<string, unknown>();
    sheet.eachRow((row) => details.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(details.get("Source file")).toBe("invoice-000.jpg");
    expect(details.get("SHA-256")).toBe("ab".repeat(32));
    expect(details.get("Workspace")).toContain("Audit 2026");
    expect(details.get("Exported by")).toBe("tester@example-audit.com");
    expect(details.get("Exported at")).toBe("2026-01-02T03:04:05.000Z");
  });
});
