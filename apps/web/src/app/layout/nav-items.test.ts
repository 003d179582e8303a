import { describe, expect, it } from "vitest";
import { pageCrumbs } from "./nav-items";

describe("pageCrumbs", () => {
  it("names known segments and keeps unknown ones as written", () => {
    expect(pageCrumbs("/workflows/toe/abc")).toEqual([
      { label: "Test of Effectiveness", path: "/workflows/toe" },
      { label: "abc", path: "/workflows/toe/abc" },
    ]);
  });

  it("stops at Files, whose folders the page names itself by their display names", () => {
    expect(pageCrumbs("/files/q1-evidence/payroll")).toEqual([{ label: "Files", path: "/files" }]);
  });
});
