import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { NotFoundError } from "../errors.js";
import { ByteCounter } from "./byte-limit.js";
import type { SignedObject, StorageDriver } from "./driver.js";
import { signToken, verifyToken } from "./signed-token.js";

// 256 KiB reads and writes: far fewer syscalls than the 16-64 KiB defaults, while the buffers in
// flight (and the garbage they leave) stay small next to the idle process.
const CHUNK = 256 * 1024;
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export interface LocalStorageOptions {
  /** Directory that holds the objects, e.g. `DATA_DIR/files`. */
  root: string;
  /** Key for signing download URLs. */
  urlSecret: Buffer;
  /** Absolute URL prefix the signed token is appended to. */
  signedUrlBase: string;
  defaultExpiresInSeconds: number;
}

/**
 * Objects as files under `root`. Writes go to `root/.tmp` (same filesystem) and are renamed into
 * place when whole, so a reader never sees a partial object and a failed write leaves nothing.
 */
export class LocalStorage implements StorageDriver {
  readonly name = "local" as const;
  readonly tmpDir: string;

  constructor(private readonly options: LocalStorageOptions) {
    this.tmpDir = path.join(options.root, ".tmp");
  }

  get root(): string {
    return this.options.root;
  }

  private pathOf(key: string): string {
    // Keys are made by the server, but a key must never reach outside the root.
    if (!SAFE_KEY.test(key) || key.split("/").some((s) => s === "." || s === "..")) {
      throw new NotFoundError("File not found");
    }
    return path.join(this.options.root, key);
  }

  async put(key: string, body: Readable, options: { contentType: string; maxBytes?: number }) {
    const target = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    const temp = path.join(this.tmpDir, `${randomUUID()}.part`);
    const file = createWriteStream(temp, { flags: "wx", highWaterMark: CHUNK });
    try {
      // A caller that already limits the stream (the upload service) saves a counting stage.
      if (options.maxBytes === undefined) await pipeline(body, file);
      else await pipeline(body, new ByteCounter(options.maxBytes), file);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: file.bytesWritten };
  }

  async get(key: string): Promise<Readable> {
    return (await this.openFile(key)).body;
  }

  private async openFile(key: string): Promise<{ body: Readable; size: number }> {
    try {
      const handle = await open(this.pathOf(key), "r");
      const { size } = await handle.stat();
      return { body: handle.createReadStream({ highWaterMark: CHUNK }), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError("File not found");
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async signedUrl(key: string, options: { filename: string; contentType: string; expiresInSeconds?: number }) {
    const expiresIn = options.expiresInSeconds ?? this.options.defaultExpiresInSeconds;
    const token = signToken(this.options.urlSecret, {
      key,
      filename: options.filename,
      contentType: options.contentType,
      expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
    });
    return `${this.options.signedUrlBase}${token}`;
  }

  async openSigned(token: string): Promise<SignedObject> {
    const claims = verifyToken(this.options.urlSecret, token);
    const { body, size } = await this.openFile(claims.key);
    return { body, size, filename: claims.filename, contentType: claims.contentType };
  }
}
