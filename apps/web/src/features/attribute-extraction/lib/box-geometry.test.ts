import { describe, expect, it } from "vitest";
import {
  boxFromDrag,
  clampExportBox,
  computeImageLayout,
  itemLetter,
  moveBox,
  resizeDrawnBox,
  resizePixelBox,
  toFractionBox,
  toPixelBox,
  truncateLabel,
} from "./box-geometry";

const rendered = { width: 500, height: 600 };

describe("item letters", () => {
  it("labels items A, B, C in order", () => {
    expect([0, 1, 2, 25].map(itemLetter)).toEqual(["A", "B", "C", "Z"]);
  });

  it("continues with AA, AB after Z so every item keeps a unique letter", () => {
    expect([26, 27, 51, 52].map(itemLetter)).toEqual(["AA", "AB", "AZ", "BA"]);
  });
});

describe("label truncation", () => {
  it("keeps labels of 30 characters or fewer whole", () => {
    const thirty = "x".repeat(30);
    expect(truncateLabel(thirty)).toBe(thirty);
  });

  it("cuts longer labels to 30 characters with an ellipsis", () => {
    expect(truncateLabel("Northwind Traders International Holdings")).toBe("Northwind Traders Internationa...");
  });
});

describe("drawing a box", () => {
  it("turns a drag in any direction into a fraction box", () => {
    expect(boxFromDrag({ x: 300, y: 300 }, { x: 50, y: 60 }, rendered)).toEqual({
      x: 0.1,
      y: 0.1,
      width: 0.5,
      height: 0.4,
    });
  });

  it("keeps only boxes that exceed 1% of the image in both directions", () => {
    expect(boxFromDrag({ x: 10, y: 10 }, { x: 15, y: 200 }, rendered)).toBeNull(); // exactly 1% wide
    expect(boxFromDrag({ x: 10, y: 10 }, { x: 200, y: 15 }, rendered)).toBeNull(); // under 1% high
    expect(boxFromDrag({ x: 10, y: 10 }, { x: 16, y: 17 }, rendered)).not.toBeNull();
  });

  it("clips a drag that leaves the image to the image", () => {
    const box = boxFromDrag({ x: 400, y: 500 }, { x: 900, y: 900 }, rendered)!;
    expect(box.x + box.width).toBeCloseTo(1);
    expect(box.y + box.height).toBeCloseTo(1);
  });
});

describe("moving a box", () => {
  it("moves by the offset when the box stays inside", () => {
    expect(moveBox({ x: 0.2, y: 0.2, width: 0.1, height: 0.1 }, 0.1, -0.1)).toEqual({
      x: expect.closeTo(0.3),
      y: expect.closeTo(0.1),
      width: 0.1,
      height: 0.1,
    });
  });

  it("clamps the move at every edge of the image", () => {
    const box = { x: 0.5, y: 0.5, width: 0.3, height: 0.2 };
    expect(moveBox(box, 1, 1)).toMatchObject({ x: 0.7, y: 0.8 });
    expect(moveBox(box, -1, -1)).toMatchObject({ x: 0, y: 0 });
  });
});

describe("resizing", () => {
  it("refuses a drawn-box resize that would go to 1% or below", () => {
    const box = { x: 0.2, y: 0.2, width: 0.1, height: 0.1 };
    expect(resizeDrawnBox(box, "bottom-right", -0.095, 0)).toBe(box);
    expect(resizeDrawnBox(box, "bottom-right", 0.05, 0.05)).toEqual({
      x: 0.2,
      y: 0.2,
      width: expect.closeTo(0.15),
      height: expect.closeTo(0.15),
    });
  });

  it("resizes from a corner handle but never below 20 px", () => {
    const box = { left: 100, top: 100, width: 80, height: 60 };
    expect(resizePixelBox(box, "bottom-right", 30, 10, rendered)).toEqual({
      left: 100,
      top: 100,
      width: 110,
      height: 70,
    });
    expect(resizePixelBox(box, "bottom-right", -200, -200, rendered)).toEqual({
      left: 100,
      top: 100,
      width: 20,
      height: 20,
    });
    expect(resizePixelBox(box, "top-left", 200, 200, rendered)).toEqual({ left: 160, top: 140, width: 20, height: 20 });
  });

  it("keeps a resized box inside the rendered image", () => {
    const box = { left: 400, top: 500, width: 80, height: 60 };
    expect(resizePixelBox(box, "bottom-right", 500, 500, rendered)).toEqual({
      left: 400,
      top: 500,
      width: 100,
      height: 100,
    });
    expect(resizePixelBox(box, "top-left", -900, -900, rendered)).toEqual({ left: 0, top: 0, width: 480, height: 560 });
  });
});

describe("image layout", () => {
  it("fits the image to the target height when the container is wide enough", () => {
    const layout = computeImageLayout(1200, 800, { width: 1000, height: 1000 });
    expect(layout).toMatchObject({ width: 800, height: 800, offsetX: 200, offsetY: 0 });
  });

  it("scales down to the container width for wide images and centres them in the viewer height", () => {
    const layout = computeImageLayout(600, 800, { width: 2000, height: 1000 });
    expect(layout).toMatchObject({ width: 600, height: 300, offsetX: 0, offsetY: 250 });
  });

  it("converts between fractions and pixels of the rendered image", () => {
    const px = toPixelBox({ x: 0.1, y: 0.5, width: 0.2, height: 0.25 }, rendered);
    expect(px).toEqual({ left: 50, top: 300, width: 100, height: 150 });
    expect(toFractionBox(px, rendered)).toEqual({ x: 0.1, y: 0.5, width: 0.2, height: 0.25 });
  });
});

describe("export clamping", () => {
  it("clamps coordinates to 0..1 with a minimum side of 0.000001", () => {
    expect(clampExportBox({ x: -0.2, y: 1.4, width: 0, height: 3 })).toEqual({
      x: 0,
      y: 1,
      width: 0.000001,
      height: 1,
    });
  });
});
