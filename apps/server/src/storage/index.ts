import path from "node:path";
import type { Config } from "../config/env.js";
import type { StorageDriver } from "./driver.js";
import { LocalStorage } from "./local.js";
import { deriveUrlSigningKey } from "./signed-token.js";

export type { SignedObject, StorageDriver } from "./driver.js";
export { LocalStorage } from "./local.js";

/** Path under the API where local-disk download links are served (token in the query: it outgrows a path parameter). */
export const SIGNED_FILE_ROUTE = "/files-signed";

/** Objects are scoped by workspace, so one workspace's keys never name another's objects. */
export function fileObjectKey(workspaceId: string, fileId: string): string {
  return `ws/${workspaceId}/${fileId}`;
}

/**
 * The one place that picks the storage backend from the configuration. The S3 client library
 * loads only when STORAGE=s3: a local-disk server never needs it.
 */
export async function createStorage(config: Config): Promise<StorageDriver> {
  if (config.STORAGE === "s3") {
    const { S3Storage } = await import("./s3.js");
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      defaultExpiresInSeconds: config.FILE_URL_TTL_SECONDS,
    });
  }
  return new LocalStorage({
    root: path.join(config.DATA_DIR, "files"),
    urlSecret: deriveUrlSigningKey(config.JWT_SECRET),
    signedUrlBase: `${config.PUBLIC_URL}/api/v1${SIGNED_FILE_ROUTE}?token=`,
    defaultExpiresInSeconds: config.FILE_URL_TTL_SECONDS,
  });
}
