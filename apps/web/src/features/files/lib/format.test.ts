import { describe, expect, it } from "vitest";
import { formatBytes, formatType } from "./format";

describe("formatBytes", () => {
  it("shows bytes, then binary units with one decimal below ten", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(3.25 * 1024 ** 3)).toBe("3.3 GB");
  });
});

describe("formatType", () => {
  it("prefers the extension and falls back to the content subtype", () => {
    expect(formatType("pdf", "application/pdf")).toBe("PDF");
    expect(formatType("", "image/png")).toBe("PNG");
    expect(formatType("", "application/octet-stream")).toBe("File");
  });
});
