import { describe, expect, it } from "vitest";
import { isImageFileName, isImageUpload } from "./image-files";

describe("image files", () => {
  it("lists every picker extension whatever its case", () => {
    for (const name of ["a.jpg", "b.JPEG", "c.Png", "d.gif", "e.BMP", "f.webp", "g.tiff", "h.TIF"]) {
      expect(isImageFileName(name)).toBe(true);
    }
  });

  it("leaves out documents and files without an extension", () => {
    expect(isImageFileName("report.pdf")).toBe(false);
    expect(isImageFileName("notes")).toBe(false);
    expect(isImageFileName("photo.jpg.txt")).toBe(false);
  });

  it("prefers the stored extension when there is one", () => {
    expect(isImageFileName("scan", "PNG")).toBe(true);
    expect(isImageFileName("scan.png", "pdf")).toBe(false);
  });

  it("accepts uploads of image types only", () => {
    expect(isImageUpload({ name: "a.png", type: "image/png" })).toBe(true);
    expect(isImageUpload({ name: "a.pdf", type: "application/pdf" })).toBe(false);
    expect(isImageUpload({ name: "a.tif", type: "" })).toBe(true);
  });
});
