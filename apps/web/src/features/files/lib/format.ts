const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** 1536 -> "1.5 KB"; binary steps, one decimal below 10 units. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** A short, readable type for the table: the extension, else the subtype of the content type. */
export function formatType(extension: string, contentType: string): string {
  if (extension) return extension.toUpperCase();
  const sub = contentType.split("/")[1] ?? "";
  return sub === "octet-stream" || !sub ? "File" : sub.toUpperCase();
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The message to show for a failed call: the server's detail when it sent one. */
export function errorMessage(error: unknown): string | undefined {
  const detail = (error as { detail?: unknown })?.detail;
  if (typeof detail === "string" && detail) return detail;
  return error instanceof Error && error.message ? error.message : undefined;
}
