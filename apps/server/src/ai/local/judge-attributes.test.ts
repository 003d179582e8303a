import { describe, expect, it } from "vitest";
import { judgeFromOcr } from "./judge-attributes.js";
import { handOcr } from "./test-ocr.js";

const change = handOcr([
  [[0.05, "Change ID: CHG0012345"]],
  [[0.05, "Requested By: Omar Chen"]],
  [[0.05, "Approved By: Jane Sato"]],
  [[0.05, "Approved On: 2024-03-01"]],
  [[0.05, "Implemented On: 2024-03-04"]],
  [[0.05, "PO Amount: $1,000.00"]],
  [[0.05, "Invoice Total: $1,000.00"]],
]);

describe("attribute judging", () => {
  it("passes dates in order and marks both dates", () => {
    const { attributes } = judgeFromOcr(change, ["Change approved before implementation"]);
    expect(attributes[0].status).toBe("pass");
    expect(attributes[0].tick_marks.map((t) => t.label)).toEqual(["A", "B"]);
    expect(attributes[0].tick_marks[0].text).toContain("2024-03-01");
  });

  it("fails dates out of order", () => {
    const { attributes } = judgeFromOcr(change, ["Implemented before approval"]);
    expect(attributes[0].status).toBe("fail");
  });

  it("checks a number of days between two dates", () => {
    const { attributes } = judgeFromOcr(change, ["Implemented within 2 days of approval"]);
    expect(attributes[0].status).toBe("fail");
    expect(attributes[0].reasoning).toContain("3 days");
  });

  it("checks amounts agree and limits hold", () => {
    const { attributes } = judgeFromOcr(change, [
      "Invoice total agrees to PO amount",
      "PO amount does not exceed $500",
    ]);
    expect(attributes.map((a) => a.status)).toEqual(["pass", "fail"]);
  });

  it("checks presence of a field and names the value", () => {
    const { attributes } = judgeFromOcr(change, ["Approval signature present", "Change has a ticket number"]);
    expect(attributes.map((a) => a.status)).toEqual(["pass", "pass"]);
    expect(attributes[0].reasoning).toContain("Jane Sato");
  });

  it("fails a present field whose value denies the attribute, such as No or Pending", () => {
    const denied = handOcr([
      [[0.05, "Invoice Approved: No"]],
      [[0.05, "Review Status: Pending"]],
      [[0.05, "Manager Sign-off: Yes"]],
    ]);
    const { attributes } = judgeFromOcr(denied, ["The invoice is approved", "Manager sign-off present"]);
    expect(attributes.map((a) => a.status)).toEqual(["fail", "pass"]);
    expect(attributes[0].reasoning).toContain('"No"');
  });

  it("checks segregation of duties and named people", () => {
    const { attributes } = judgeFromOcr(change, [
      "Approver is different from requester",
      "Approved by Jane Sato",
      "Approved by Ivan Raman",
    ]);
    expect(attributes.map((a) => a.status)).toEqual(["pass", "pass", "fail"]);
  });

  it("letters tick marks across attributes in order", () => {
    const { attributes } = judgeFromOcr(change, [
      "Approval signature present",
      "Change approved before implementation",
    ]);
    expect(attributes.flatMap((a) => a.tick_marks.map((t) => t.label))).toEqual(["A", "B", "C"]);
  });

  it("answers inconclusive, with the reason, for kinds it has no rule for", () => {
    const { attributes, conclusion } = judgeFromOcr(change, ["Management exercised appropriate judgement"]);
    expect(attributes[0].status).toBe("inconclusive");
    expect(attributes[0].reasoning).toMatch(/no rule/);
    expect(conclusion).toMatch(/^Inconclusive: 1 of 1 attribute/);
  });

  it("concludes effective only when every attribute passed, and notes exceptions", () => {
    expect(
      judgeFromOcr(change, ["Approval signature present", "Change approved before implementation"]).conclusion,
    ).toBe("Effective: all 2 attributes passed.");
    expect(judgeFromOcr(change, ["Approval signature present", "Implemented before approval"]).conclusion).toMatch(
      /^Exception noted: 1 of 2/,
    );
  });
});
