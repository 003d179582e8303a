import { randomBytes } from "node:crypto";

export interface PartSpec {
  /** Sent as is in the Content-Disposition header (raw UTF-8), so tests can send any name. */
  filename?: string;
  field?: string;
  data: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body built byte by byte, for tests that need names a browser would escape. */
export function multipartBody(parts: PartSpec[]): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = `----wb${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.field ?? "file"}"`
        : `form-data; name="${part.field ?? "file"}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
