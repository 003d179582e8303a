import { describe, expect, it } from "vitest";
import { countByStatus, formatDuration, isActive, kindLabel } from "./job-format";

describe("job formatting", () => {
  it("formats durations from milliseconds to hours", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_400)).toBe("12.4 s");
    expect(formatDuration(185_000)).toBe("3 min 05 s");
    expect(formatDuration(3_720_000)).toBe("1 h 02 min");
  });

  it("counts jobs by status in display order, leaving out empty statuses", () => {
    expect(countByStatus(["completed", "failed", "running", "completed"])).toEqual([
      { status: "running", count: 1 },
      { status: "completed", count: 2 },
      { status: "failed", count: 1 },
    ]);
  });

  it("treats queued and running jobs as active", () => {
    expect(isActive("queued")).toBe(true);
    expect(isActive("running")).toBe(true);
    expect(isActive("completed")).toBe(false);
  });

  it("turns job kinds into readable labels", () => {
    expect(kindLabel("extract-items")).toBe("Extract items");
    expect(kindLabel("extraction.analyze")).toBe("Extraction analyze");
  });
});
