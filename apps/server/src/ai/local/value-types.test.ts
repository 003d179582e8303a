import { describe, expect, it } from "vitest";
import { detectType, parseAmount, parseDate, valueFit } from "./value-types.js";

describe("value types", () => {
  it.each(["2024-03-01", "03/15/2024", "15-Mar-2024", "1 March 2024", "March 1, 2024", "2024.09.30"])(
    "reads %s as a date",
    (text) => {
      expect(valueFit("date", text)).toBe(1);
      expect(parseDate(text)).not.toBeNull();
    },
  );

  it("parses dates to the right day whatever the format", () => {
    expect(parseDate("15-Mar-2024")?.toISOString().slice(0, 10)).toBe("2024-03-15");
    expect(parseDate("March 1, 2024")?.toISOString().slice(0, 10)).toBe("2024-03-01");
    expect(parseDate("31/01/2024")?.toISOString().slice(0, 10)).toBe("2024-01-31");
    expect(parseDate("2024-02-30")).toBeNull();
  });

  it("reads money amounts with symbols, codes and separators", () => {
    expect(valueFit("amount", "$1,234.00")).toBe(1);
    expect(valueFit("amount", "USD 42,910.00")).toBe(1);
    expect(parseAmount("$48,691.68")).toBe(48691.68);
    expect(parseAmount("EUR 1.234,50")).toBe(1234.5);
    expect(parseAmount("(300.00)")).toBe(-300);
    expect(valueFit("amount", "2024-03-01")).toBe(0);
  });

  it("tells identifiers, counts, names, statuses and environments apart", () => {
    expect(valueFit("identifier", "INV-00123")).toBe(1);
    expect(valueFit("identifier", "CHG0012345")).toBe(1);
    expect(valueFit("identifier", "Jane Smith")).toBe(0);
    expect(valueFit("count", "82")).toBe(1);
    expect(valueFit("count", "$82.00")).toBe(0);
    expect(valueFit("person", "Jane Smith")).toBe(1);
    expect(valueFit("person", "Approved")).toBeLessThan(0.5);
    expect(valueFit("person", "Globex Corp")).toBeLessThan(0.5);
    expect(valueFit("organisation", "Globex Corp")).toBe(1);
    expect(valueFit("status", "Signed off")).toBe(1);
    expect(valueFit("environment", "Prod-EU")).toBe(1);
    expect(valueFit("email", "a.b@example.com")).toBe(1);
    expect(valueFit("percent", "12.5%")).toBe(1);
  });

  it("never takes a label for a value", () => {
    expect(valueFit("person", "Approved by:")).toBe(0);
  });

  it("names the most specific type of a value", () => {
    expect(detectType("2024-01-12")).toBe("date");
    expect(detectType("$5.00")).toBe("amount");
    expect(detectType("PO-71412")).toBe("identifier");
    expect(detectType("Nadia Keller")).toBe("person");
  });
});
