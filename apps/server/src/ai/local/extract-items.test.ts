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

  it("repairs letters read among an identifier's digits", () => {
    expect(repairIdentifier("RITMO411762")).toBe("RITM0411762");
    expect(repairIdentifier("SUP9II24")).toBe("SUP91124");
    expect(repairIdentifier("PO-63328")).toBe("PO-63328");
  });

  it("pairs a label with a far-right value that the OCR put on another line", () => {
    const ocr = handOcr([[[0.05, "Subtotal"]], [[0.05, "Grand Total"]], [[0.8, "$10.00"]], [[0.8, "$12.50"]]]);
    // The values sit on the labels' rows, slightly lower as on a page turned clockwise.
    ocr.lines[2].box.y = ocr.lines[2].words[0].box.y = 0.105;
    ocr.lines[3].box.y = ocr.lines[3].words[0].box.y = 0.155;
    expect(answers(ocr, ["total amount"])).toEqual(["$12.50"]);
  });

  it("does not take a title for a label", () => {
    const ocr = handOcr([
      [
        [0.05, "Leaver:"],
        [0.4, "Tanvi Osei"],
      ],
    ]);
    const title = handOcr([[[0.05, "Employee Checklist"]]]).lines[0];
    for (const w of title.words) {
      w.box = { ...w.box, y: 0.02, width: w.box.width * 1.6, height: 0.035 };
    }
    ocr.lines.unshift(title);
    expect(answers(ocr, ["employee name"])).toEqual(["Tanvi Osei"]);
  });

  it("does not split one phrase into a label and a value", () => {
    const ocr = handOcr(
      [
        [
          [0.05, "Test Result"],
          [0.5, "Control ID"],
        ],
        [
          [0.05, "No exceptions noted"],
          [0.5, "CC6.1"],
        ],
        [[0.05, "Exception noted"]],
      ],
      0.035,
    );
    expect(answers(ocr, ["test result"])).toEqual(["No exceptions noted"]);
  });

  it("takes a table's first row, not the total row, for one employee's gross pay", () => {
    const ocr = handOcr(
      [
        [
          [0.05, "Employee"],
          [0.5, "Gross Earnings"],
          [0.8, "Net Pay"],
        ],
        [
          [0.05, "Ingrid Osei"],
          [0.5, "4,359.25"],
          [0.8, "3,042.36"],
        ],
        [
          [0.05, "Amara Moreau"],
          [0.5, "6,793.81"],
          [0.8, "5,749.02"],
        ],
        [
          [0.05, "Total Net Pay:"],
          [0.3, "USD 8,791.38"],
        ],
      ],
      0.04,
    );
    expect(answers(ocr, ["gross amount", "total net pay"])).toEqual(["4,359.25", "USD 8,791.38"]);
  });

  it("reads a backup log's run number under its session header, not under the run date", () => {
    const ocr = handOcr(
      [
        [
          [0.05, "Session"],
          [0.3, "Run Date"],
          [0.55, "Result"],
        ],
        [
          [0.05, "274688"],
          [0.3, "17 Feb 2024"],
          [0.55, "Warning"],
        ],
      ],
      0.035,
    );
    expect(answers(ocr, ["run number", "job result"])).toEqual(["274688", "Warning"]);
  });

  it("does not take the next label on the row for a value", () => {
    const ocr = handOcr(
      [
        [
          [0.05, "Job Name:"],
          [0.4, "Host:"],
        ],
        [
          [0.05, "SQL-PROD-Nightly"],
          [0.4, "db-fin-16"],
        ],
      ],
      0.035,
    );
    expect(answers(ocr, ["backup job", "server"])).toEqual(["SQL-PROD-Nightly", "db-fin-16"]);
  });

  it("does not split a label ending in a symbol and colon into a label and a value", () => {
    const ocr = handOcr([
      [
        [0.05, "Job Success %:"],
        [0.4, "91.3%"],
      ],
      [
        [0.05, "Backup Policy:"],
        [0.4, "FileSrv-Weekly-Full"],
      ],
    ]);
    expect(answers(ocr, ["job name"])).toEqual(["FileSrv-Weekly-Full"]);
  });
});
