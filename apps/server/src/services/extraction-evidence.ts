import type { StoredFile } from "../db/schema/index.js";
import { UnsupportedMediaTypeError } from "../errors.js";
import { type FilesDeps, getFileForUser } from "./files.js";

export const NOT_AN_IMAGE =
  "The file is not an image. Attribute extraction works on image files (jpg, jpeg, png, gif, bmp, webp, tiff).";

export interface EvidenceImage {
  file: StoredFile;
  bytes: Buffer;
}

/** True when the stored type (sniffed from the bytes at upload) is an image. */
export function isImageFile(file: Pick<StoredFile, "contentType">): boolean {
  return file.contentType.toLowerCase().startsWith("image/");
}

/**
 * Reads an evidence image of the caller's workspace: 404 for anything not theirs (via the files
 * service), 415 for files that are not images.
 */
export async function loadEvidenceImage(
  deps: Pick<FilesDeps, "database" | "storage">,
  userId: string,
  workspaceId: string,
  fileId: string,
): Promise<EvidenceImage> {
  const handle = await getFileForUser(deps, userId, workspaceId, fileId);
  if (!isImageFile(handle.file)) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE);
  return { file: handle.file, bytes: await handle.readBuffer() };
}
