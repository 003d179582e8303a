import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { pipeline, type Readable } from "node:stream";
import { NotFoundError } from "../errors.js";
import { attachmentHeader } from "./content-disposition.js";
import { ByteCounter } from "./byte-limit.js";
import type { StorageDriver } from "./driver.js";

export interface S3StorageOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  defaultExpiresInSeconds: number;
  /** Multipart part size; lib-storage keeps at most `queueSize` parts in memory at once. */
  partSizeBytes?: number;
}

/**
 * Objects in an S3-compatible bucket. Uploads go straight to the final key: S3 makes an object
 * visible only when its PUT or multipart upload completes, and a failed multipart upload is
 * aborted, so no temporary key or copy is needed (decision 041).
 */
export class S3Storage implements StorageDriver {
  readonly name = "s3" as const;
  readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  async put(key: string, body: Readable, options: { contentType: string; maxBytes?: number }) {
    const counter = new ByteCounter(options.maxBytes);
    // pipeline() destroys `counter` with the source's error (or premature close), failing the upload.
    const source = pipeline(body, counter, () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: source, ContentType: options.contentType },
      partSize: this.options.partSizeBytes ?? 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      await upload.abort().catch(() => {});
      throw error;
    }
    return { size: counter.bytes };
  }

  async get(key: string): Promise<Readable> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return result.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) {
        throw new NotFoundError("File not found");
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // DeleteObject succeeds for a missing key, so deleting twice is harmless.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async signedUrl(key: string, options: { filename: string; contentType: string; expiresInSeconds?: number }) {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentDisposition: attachmentHeader(options.filename),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds ?? this.options.defaultExpiresInSeconds,
    });
  }
}
