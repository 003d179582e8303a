import { describe, expect, it } from "vitest";
import { expectedType, isMetaLabel, labelSimilarity } from "./label-similarity.js";

describe("label similarity", () => {
  it.each([
    ["approved by", "Authorised by:"],
    ["approver", "Sign-off:"],
    ["amount due", "Grand Total"],
    ["invoice number", "Invoice #"],
    ["po number", "Purchase Order No."],
    ["supplier", "Vendor:"],
    ["requested by", "Requestor"],
    ["opened by", "Raised By:"],
    ["implementation date", "Deployed On:"],
    ["environment", "Target Env"],
    ["journal entry number", "JE Number"],
    ["server", "Host:"],
    ["hostname", "Machine"],
    ["job name", "Backup Policy"],
    ["backup job", "Schedule"],
    ["run number", "Session"],
    ["exceptions", "Test Result"],
    ["test result", "Deviations Noted"],
    ["card used", "Paid with:"],
  ])("matches the query %s with the label %s", (query, label) => {
    expect(labelSimilarity(query, label)).toBeGreaterThanOrEqual(0.5);
  });

  it.each([
    ["approved by", "Invoice Date:"],
    ["total amount", "Reviewed by:"],
    ["supplier", "Customer:"],
    ["job title", "Backup Policy"],
    ["run number", "Job Name"],
  ])("keeps the query %s apart from the label %s", (query, label) => {
    expect(labelSimilarity(query, label)).toBeLessThan(0.3);
  });

  it("prefers the label naming both the event and the date", () => {
    expect(labelSimilarity("approval date", "Approved on:")).toBeGreaterThan(
      labelSimilarity("approval date", "Approved by:"),
    );
  });

  it.each([
    ["approved by", "person"],
    ["reviewer", "person"],
    ["invoice date", "date"],
    ["deployed on", "date"],
    ["amount due", "amount"],
    ["number of users reviewed", "count"],
    ["accounts in scope", "count"],
    ["ticket id", "identifier"],
    ["vendor name", "organisation"],
    ["review status", "status"],
    ["environment", "environment"],
    ["contact email", "email"],
    ["email date", "date"],
    ["account disabled", "status"],
    ["callback verified", "status"],
    ["account lockout", "text"],
    ["payment method", "text"],
    ["unreconciled variance", "amount"],
    ["total debits", "amount"],
  ] as const)("expects the query %s to be answered by a %s", (query, type) => {
    expect(expectedType(query)).toBe(type);
  });

  it("recognises page furniture", () => {
    expect(isMetaLabel("Printed")).toBe(true);
    expect(isMetaLabel("Invoice Date")).toBe(false);
  });
});
