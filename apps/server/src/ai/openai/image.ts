import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

// Formats every OpenAI-compatible vision endpoint accepts; anything else is converted to PNG.
const ACCEPTED = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** The image as a base64 data URL, the form vision models take inline. */
export async function imageDataUrl(image: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(image);
  if (type && ACCEPTED.has(type.mime)) return `data:${type.mime};base64,${image.toString("base64")}`;
  const png = await sharp(image).rotate().png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** Pixel size after EXIF orientation, as the model sees the image. */
export async function imageSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return rotated ? { width: height, height: width } : { width, height };
}
