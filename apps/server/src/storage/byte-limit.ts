import { Transform, type TransformCallback } from "node:stream";
import { BadRequestError, PayloadTooLargeError } from "../errors.js";

export interface ByteCounterOptions {
  maxBytes?: number;
  /** Message of the 413 raised past `maxBytes`. */
  tooLargeMessage?: string;
  /** Fail at the end of an empty stream, so an empty upload is never committed. */
  rejectEmpty?: string;
}

/** Passes bytes through, counting them; fails the stream as soon as more than `maxBytes` went by. */
export class ByteCounter extends Transform {
  bytes = 0;
  private readonly maxBytes: number;
  constructor(private readonly limits: ByteCounterOptions | number = {}) {
    super({ highWaterMark: 256 * 1024 });
    this.maxBytes = (typeof limits === "number" ? limits : limits.maxBytes) ?? Number.POSITIVE_INFINITY;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      const message =
        (typeof this.limits === "object" && this.limits.tooLargeMessage) ||
        `The file is larger than the upload limit of ${this.maxBytes} bytes.`;
      callback(new PayloadTooLargeError(message));
      return;
    }
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback) {
    if (this.bytes === 0 && typeof this.limits === "object" && this.limits.rejectEmpty) {
      callback(new BadRequestError(this.limits.rejectEmpty));
      return;
    }
    callback();
  }
}
