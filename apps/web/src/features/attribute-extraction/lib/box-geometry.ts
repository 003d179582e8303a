/**
 * Pure geometry for the extraction screen: drawing, moving and resizing boxes on the rendered image,
 * item letters and labels. Boxes are kept as fractions 0-1 of the image (spec "Drawn box").
 */

export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Where the image is drawn inside its container, in CSS pixels. */
export interface ImageLayout {
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
  naturalWidth: number;
  naturalHeight: number;
}

/** A drawn box must exceed 1% of the image side in both directions (spec section 5). */
export const MIN_DRAWN_BOX_FRACTION = 0.01;
/** The results editor keeps boxes at least 20 px wide and high (spec section 9). */
export const MIN_RESIZE_PX = 20;
export const LABEL_MAX_CHARS = 30;
/** Export keeps every side at least this size (spec section 9). */
export const EXPORT_MIN_BOX_SIZE = 0.000001;

export type Corner = "top-left" | "top-right" | "bottom-left" | "bottom-right";

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const clamp01 = (value: number) => clamp(Number.isFinite(value) ? value : 0, 0, 1);

/** A, B, ... Z, then AA, AB ... like spreadsheet columns, so a 27th item still has a unique id. */
export function itemLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Cuts a label to 30 characters and marks the cut with an ellipsis. */
export function truncateLabel(text: string, max = LABEL_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * Turns a drag on the rendered image (pixels, any direction) into a fraction box inside the image.
 * Returns null when the box does not exceed 1% of the image in both width and height.
 */
export function boxFromDrag(start: Point, end: Point, rendered: Size): FractionBox | null {
  if (rendered.width <= 0 || rendered.height <= 0) return null;
  const x1 = clamp(Math.min(start.x, end.x), 0, rendered.width);
  const y1 = clamp(Math.min(start.y, end.y), 0, rendered.height);
  const x2 = clamp(Math.max(start.x, end.x), 0, rendered.width);
  const y2 = clamp(Math.max(start.y, end.y), 0, rendered.height);
  const box = {
    x: x1 / rendered.width,
    y: y1 / rendered.height,
    width: (x2 - x1) / rendered.width,
    height: (y2 - y1) / rendered.height,
  };
  return isLargeEnough(box) ? box : null;
}

export function isLargeEnough(box: FractionBox, min = MIN_DRAWN_BOX_FRACTION): boolean {
  return box.width > min && box.height > min;
}

/** Moves a box by a fraction offset, keeping it wholly inside the image. */
export function moveBox(box: FractionBox, dx: number, dy: number): FractionBox {
  return {
    ...box,
    x: clamp(box.x + dx, 0, Math.max(0, 1 - box.width)),
    y: clamp(box.y + dy, 0, Math.max(0, 1 - box.height)),
  };
}

/**
 * Resizes a box (fractions) by dragging one corner; a resize that would leave a side at or below
 * 1% is refused and the box is returned unchanged.
 */
export function resizeDrawnBox(box: FractionBox, corner: Corner, dx: number, dy: number): FractionBox {
  const next = resizeEdges(box, corner, dx, dy, { width: 1, height: 1 });
  return isLargeEnough(next) ? next : box;
}

/**
 * Resizes a box in pixels of the rendered image by one corner handle, inside the image bounds. Each
 * side stops at 20 px: the dragged corner cannot pass the point that would make the box smaller.
 */
export function resizePixelBox(
  box: PixelBox,
  corner: Corner,
  dx: number,
  dy: number,
  bounds: Size,
  min = MIN_RESIZE_PX,
): PixelBox {
  let left = box.left;
  let top = box.top;
  let right = box.left + box.width;
  let bottom = box.top + box.height;
  if (corner === "top-left" || corner === "bottom-left") left = clamp(left + dx, 0, right - min);
  else right = clamp(right + dx, left + min, bounds.width);
  if (corner === "top-left" || corner === "top-right") top = clamp(top + dy, 0, bottom - min);
  else bottom = clamp(bottom + dy, top + min, bounds.height);
  return { left, top, width: right - left, height: bottom - top };
}

function resizeEdges(box: FractionBox, corner: Corner, dx: number, dy: number, bounds: Size): FractionBox {
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (corner === "top-left" || corner === "bottom-left") left = clamp(left + dx, 0, bounds.width);
  else right = clamp(right + dx, 0, bounds.width);
  if (corner === "top-left" || corner === "top-right") top = clamp(top + dy, 0, bounds.height);
  else bottom = clamp(bottom + dy, 0, bounds.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Where an image of the natural size is drawn when shown at `targetHeight` px high inside a
 * container `containerWidth` px wide: as tall as the viewer when the width allows, otherwise as wide
 * as the container; centred both ways so a wide image leaves even bands above and below, not one
 * large empty band under it.
 */
export function computeImageLayout(containerWidth: number, targetHeight: number, natural: Size): ImageLayout {
  const scale = Math.min(targetHeight / natural.height, containerWidth / natural.width);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return {
    width,
    height,
    offsetX: Math.max(0, (containerWidth - width) / 2),
    offsetY: Math.max(0, (targetHeight - height) / 2),
    naturalWidth: natural.width,
    naturalHeight: natural.height,
  };
}

export function toPixelBox(box: FractionBox, rendered: Size): PixelBox {
  return {
    left: box.x * rendered.width,
    top: box.y * rendered.height,
    width: box.width * rendered.width,
    height: box.height * rendered.height,
  };
}

export function toFractionBox(box: PixelBox, rendered: Size): FractionBox {
  return {
    x: box.left / rendered.width,
    y: box.top / rendered.height,
    width: box.width / rendered.width,
    height: box.height / rendered.height,
  };
}

/** Clamps every coordinate to 0-1 with the export's minimum side (spec section 5). */
export function clampExportBox(box: FractionBox): FractionBox {
  return {
    x: clamp01(box.x),
    y: clamp01(box.y),
    width: Math.max(EXPORT_MIN_BOX_SIZE, clamp01(box.width)),
    height: Math.max(EXPORT_MIN_BOX_SIZE, clamp01(box.height)),
  };
}
