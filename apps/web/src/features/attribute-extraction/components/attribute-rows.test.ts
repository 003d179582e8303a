import { describe, expect, it } from "vitest";
import { filledRows, removeRow } from "./attribute-rows";
import { itemsFromAnalysis, itemsFromResults } from "./attribute-extraction-wizard";

describe("attribute rows", () => {
  it("removes a row but always keeps one", () => {
    expect(removeRow(["a", "b"], 0)).toEqual(["b"]);
    expect(removeRow(["only"], 0)).toEqual([""]);
  });

  it("ignores blank rows on submit", () => {
    expect(filledRows(["  total ", "", "   ", "date"])).toEqual(["total", "date"]);
  });
});

describe("results to lettered items", () => {
  const box = { x: 0.1, y: 0.2, width: 0.3, height: 0.05 };

  it("letters found results A, B in order and lists the others as not found", () => {
    const { items, notFound } = itemsFromResults([
      { query: "total", answer: "$10", confidence: 0.9, box },
      { query: "iban", answer: "", confidence: 0, box: { x: 0, y: 0, width: 0, height: 0 } },
      { query: "date", answer: "2025-01-01", confidence: 0.8, box },
    ]);
    expect(items.map((i) => [i.id, i.text, i.description])).toEqual([
      ["A", "$10", "total"],
      ["B", "2025-01-01", "date"],
    ]);
    expect(notFound).toEqual(["iban"]);
  });

  it("letters the tick marks of every attribute in order", () => {
    const items = itemsFromAnalysis({
      attributes: [
        { attribute: "approved", status: "pass", reasoning: "", tick_marks: [{ label: "A", text: "Ivan", box }] },
        { attribute: "amount", status: "fail", reasoning: "", tick_marks: [{ label: "B", text: "$1", box }] },
      ],
      conclusion: "",
      tick_marks: [],
    });
    expect(items.map((i) => [i.id, i.text, i.description])).toEqual([
      ["A", "Ivan", "approved"],
      ["B", "$1", "amount"],
    ]);
  });
});
