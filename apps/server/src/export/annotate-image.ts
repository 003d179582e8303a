import { UnprocessableError } from "../errors.js";

/** A lettered box to draw, as fractions 0-1 of the image. */
export interface LetteredBox {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AnnotatedImage {
  png: Buffer;
  /** Pixel size of the evidence as read (after EXIF orientation), which box pixels refer to. */
  sourceWidth: number;
  sourceHeight: number;
  /** Pixel size of the rendered PNG (may be scaled down from the source). */
  width: number;
  height: number;
}

// Workpapers are opened on laptops and printed; beyond this the file only grows.
const MAX_RENDER_SIDE = 2400;

// Distinct, print-safe colours; the letter, not the colour, identifies a box.
const PALETTE = ["#dc2626", "#2563eb", "#16a34a", "#d97706", "#9333ea", "#0891b2", "#db2777", "#4d7c0f"];

export function paletteColor(index: number): string {
  return PALETTE[index % PALETTE.length];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Builds the SVG overlay: an outlined rectangle per box and a filled badge with its letter. */
export function buildOverlaySvg(boxes: LetteredBox[], width: number, height: number): string {
  const stroke = Math.max(2, Math.round(Math.min(width, height) / 400));
  const badge = Math.max(18, Math.round(Math.min(width, height) / 40));
  const shapes = boxes.map((box, i) => {
    const color = paletteColor(i);
    const left = Math.round(box.x * width);
    const top = Math.round(box.y * height);
    // Clip to the image: coordinates are clamped one by one, so x + width may still pass the edge.
    const w = Math.max(1, Math.min(width - left, Math.round(box.width * width)));
    const h = Math.max(1, Math.min(height - top, Math.round(box.height * height)));
    const label = escapeXml(box.label);
    const badgeWidth = Math.max(badge, Math.round(badge * 0.62 * box.label.length + badge * 0.4));
    // The badge sits above the box's top-left corner, or inside it when there is no room above.
    const bx = Math.min(Math.max(0, left), Math.max(0, width - badgeWidth));
    const by = top - badge >= 0 ? top - badge : Math.min(top, Math.max(0, height - badge));
    return [
      `<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="${color}" fill-opacity="0.08" stroke="${color}" stroke-width="${stroke}"/>`,
      `<rect x="${bx}" y="${by}" width="${badgeWidth}" height="${badge}" rx="${Math.round(badge / 5)}" fill="${color}"/>`,
      `<text x="${bx + badgeWidth / 2}" y="${by + badge * 0.78}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${Math.round(badge * 0.8)}" font-weight="bold" fill="#ffffff" text-anchor="middle">${label}</text>`,
    ].join("");
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join("")}</svg>`;
}

/** Renders the evidence image as PNG with each box outlined and badged with its letter. */
export async function annotateImage(image: Buffer, boxes: LetteredBox[]): Promise<AnnotatedImage> {
  try {
    return await render(image, boxes);
  } catch {
    throw new UnprocessableError("The evidence image cannot be read to draw the workpaper.");
  }
}

async function render(image: Buffer, boxes: LetteredBox[]): Promise<AnnotatedImage> {
  const { default: sharp } = await import("sharp"); // loaded on first use, not at server start
  const meta = await sharp(image, { failOn: "none" }).metadata();
  // EXIF orientations 5-8 swap the sides; boxes refer to the image as the viewer saw it.
  const swap = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (swap ? meta.height : meta.width) ?? 1;
  const sourceHeight = (swap ? meta.width : meta.height) ?? 1;
  const scale = Math.min(1, MAX_RENDER_SIDE / Math.max(sourceWidth, sourceHeight));
  const width = Math.max(1, Math.round(sourceWidth * scale));
  const height = Math.max(1, Math.round(sourceHeight * scale));
  const png = await sharp(image, { failOn: "none" })
    .rotate()
    .resize(width, height, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .composite([{ input: Buffer.from(buildOverlaySvg(boxes, width, height)), top: 0, left: 0 }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, sourceWidth, sourceHeight, width, height };
}
