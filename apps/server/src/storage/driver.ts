import type { Readable } from "node:stream";

/**
 * Where file bytes live. Two implementations: local disk (`DATA_DIR/files`) and any S3-compatible
 * store; `storage/index.ts` picks one from the configuration. Keys are opaque, server-made strings.
 */
export interface StorageDriver {
  readonly name: "local" | "s3";
  /** Streams `body` to `key`; the object appears only when complete. Resolves to the byte count. */
  put(key: string, body: Readable, options: { contentType: string; maxBytes?: number }): Promise<{ size: number }>;
  /** Streams the object's bytes; throws NotFoundError when missing. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** A short-lived URL that returns the exact bytes with the given type and download name. */
  signedUrl(key: string, options: { filename: string; contentType: string; expiresInSeconds?: number }): Promise<string>;
  /**
   * Backends whose signed URLs point back at this server (local disk) open them here; throws
   * ForbiddenError for a bad signature and GoneError for an expired one.
   */
  openSigned?(token: string): Promise<SignedObject>;
}

export interface SignedObject {
  body: Readable;
  size: number;
  filename: string;
  contentType: string;
}
