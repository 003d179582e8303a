/** Extensions the image picker lists, compared without case (spec section 5). */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "bmp", "webp", "tiff", "tif"] as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** True when the name (or the stored extension) is one of the image extensions. */
export function isImageFileName(name: string, extension?: string | null): boolean {
  const ext = (extension ?? "").replace(/^\./, "").toLowerCase() || extensionOf(name);
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Uploads must be images; the browser's type decides, the extension covers types it leaves blank. */
export function isImageUpload(file: { name: string; type: string }): boolean {
  return file.type ? file.type.startsWith("image/") : isImageFileName(file.name);
}
