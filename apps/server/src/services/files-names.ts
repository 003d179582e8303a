import { BadRequestError } from "../errors.js";

const MAX_NAME_LENGTH = 255;
// C0 and C1 control characters, DEL, and the Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Checks a file or folder name as the user gave it and returns it unchanged (apart from
 * surrounding spaces for folders). Path separators, control characters, "." and ".." are refused
 * rather than cleaned, so what the auditor sees is exactly what was uploaded.
 */
export function checkEntryName(raw: string | undefined, kind: "file" | "folder"): string {
  const Kind = kind === "file" ? "File" : "Folder";
  const name = kind === "folder" ? (raw ?? "").trim() : (raw ?? "");
  if (!name.trim()) throw new BadRequestError(`${Kind} name is required.`, { field: "name" });
  if (name.length > MAX_NAME_LENGTH) {
    throw new BadRequestError(`${Kind} name must be at most ${MAX_NAME_LENGTH} characters.`, { field: "name" });
  }
  if (name.includes("/") || name.includes("\\")) {
    throw new BadRequestError(`${Kind} name must not contain '/' or '\\'.`, { field: "name" });
  }
  if (CONTROL.test(name)) {
    throw new BadRequestError(`${Kind} name must not contain control characters.`, { field: "name" });
  }
  if (name === "." || name === "..") throw new BadRequestError(`${Kind} name must not be '.' or '..'.`, { field: "name" });
  return name;
}

/** The URL-friendly folder name: lower case, spaces as dashes, only letters, digits, '-', '_' and '.'. */
export function folderSlug(displayName: string): string {
  const slug = displayName
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return slug || "folder";
}

/** The extension in lower case without its dot; "" when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return "";
  return name.slice(dot + 1).toLowerCase();
}

// Text formats carry no magic number; they are recognised by extension instead.
const TEXT_TYPES: Record<string, string> = {
  txt: "text/plain",
  log: "text/plain",
  text: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  svg: "image/svg+xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  rtf: "application/rtf",
  sql: "application/sql",
};

/** The type found in the bytes, else a text type by extension, else `application/octet-stream`. */
export function contentTypeFor(detected: string | undefined, name: string): string {
  if (detected) return detected;
  return TEXT_TYPES[extensionOf(name)] ?? "application/octet-stream";
}
