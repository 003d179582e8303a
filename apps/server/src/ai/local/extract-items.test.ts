import { describe, expect, it } from "vitest";
import { extractFromOcr, repairIdentifier } from "./extract-items.js";
import { handOcr } from "./test-ocr.js";

const answers = (ocr: ReturnType<typeof handOcr>, queries: string[]) =>
  extractFromOcr(ocr, queries).map((a) => a.item.answer);

describe("item extraction", () => {
  it("finds values written after their labels on one line", () => {
    const ocr = handOcr([
      [
        [0.05, "INVOICE"],
        [0.8, "Printed 2025-01-02"],
      ],
      [[0.05, "Invoice Date: 2024-03-01"]],
      [[0.05, "Total: $1,234.00"]],
      [[0.05, "Approved by: Jane Smith"]],
    ]);
    expect(answers(ocr, ["date of invoice", "amount due", "approver"])).toEqual([
      "2024-03-01",
      "$1,234.00",
      "Jane Smith",
    ]);
  });

  it("finds values in a column beside their labels", () => {
    const ocr = handOcr([
      [
        [0.05, "Vendor:"],
        [0.4, "Globex Corp"],
      ],
      [
        [0.05, "Invoice #"],
        [0.4, "INV-2023-1591"],
      ],
    ]);
    expect(answers(ocr, ["supplier", "invoice number"])).toEqual(["Globex Corp", "INV-2023-1591"]);
  });

  it("finds values stacked under their labels and under table headers", () => {
    const stacked = handOcr(
      [[[0.05, "Change ID:"]], [[0.05, "CHG546365"]], [[0.05, "Target:"]], [[0.05, "PROD"]]],
      0.035,
    );
    expect(answers(stacked, ["ticket id", "environment"])).toEqual(["CHG546365", "PROD"]);
    const table = handOcr(
      [
        [
          [0.05, "Requestor"],
          [0.3, "Approver"],
          [0.55, "Go-Live"],
        ],
        [
          [0.05, "Sofia Rossi"],
          [0.3, "Ken Adams"],
          [0.55, "2024-06-09"],
        ],
      ],
      0.035,
    );
    expect(answers(table, ["requested by", "approved by", "implementation date"])).toEqual([
      "Sofia Rossi",
      "Ken Adams",
      "2024-06-09",
    ]);
  });

  it("answers with the value's box, not the label's", () => {
    const ocr = handOcr([
      [
        [0.05, "Total:"],
        [0.5, "$9.00"],
      ],
    ]);
    const [result] = extractFromOcr(ocr, ["total"]);
    expect(result.item.box.x).toBeCloseTo(0.5, 3);
    expect(result.item.confidence).toBeGreaterThan(0.5);
  });

  it("returns an empty result for a query the document does not answer", () => {
    const ocr = handOcr([[[0.05, "Total: $9.00"]]]);
    const [result] = extractFromOcr(ocr, ["approved by"]);
    expect(result.item).toEqual({
      query: "approved by",
      answer: "",
      confidence: 0,
      box: { x: 0, y: 0, width: 0, height: 0 },
    });
  });

  it("does not answer with page furniture", () => {
    const ocr = handOcr([[[0.05, "Printed 2025-06-27"]], [[0.05, "Deployed: 2024-07-05"]]]);
    expect(answers(ocr, ["implementation date"])).toEqual(["2024-07-05"]);
  });

  it("repairs a zero read in an identifier's letter prefix", () => {
    expect(repairIdentifier("P0-32224")).toBe("PO-32224");
    expect(repairIdentifier("CHG546365")).toBe("CHG546365");
  });
});
