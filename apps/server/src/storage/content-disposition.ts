/**
 * An RFC 6266 attachment header: a plain-ASCII `filename` for old clients and the exact name in
 * `filename*` (RFC 8187, UTF-8, percent-encoded). Written here because the maintained
 * `content-disposition` package now needs Node 22.
 */
export function attachmentHeader(filename: string): string {
  const fallback =
    filename
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%]/g, "_")
      .trim() || "download";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
