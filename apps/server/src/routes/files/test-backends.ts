import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { S3Storage } from "../../storage/s3.js";

/** The storage backends every file test runs against. */
export const backends = ["local", "s3"] as const;
export type Backend = (typeof backends)[number];

export interface FilesTestContext extends TestContext {
  backend: Backend;
  /** Keys of the stored objects (local: files under DATA_DIR/files, minus temp files). */
  objectKeys(): Promise<string[]>;
  /** Leftover temporary files of the local backend (always [] for S3). */
  tempFiles(): string[];
}

function walk(dir: string, prefix = ""): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/**
 * A test app on a fresh database with the chosen backend: local disk in its temp DATA_DIR, or a
 * real S3 endpoint (s3rver on loopback, port 0, its own directory and bucket).
 */
export async function createFilesTestContext(
  backend: Backend,
  env: Record<string, string | undefined> = {},
): Promise<FilesTestContext> {
  if (backend === "local") {
    const ctx = await createTestContext({ STORAGE: "local", ...env });
    const root = path.join(ctx.dataDir, "files");
    return {
      ...ctx,
      backend,
      objectKeys: async () => walk(root).filter((k) => !k.startsWith(".tmp/")),
      tempFiles: () => walk(path.join(root, ".tmp")),
    };
  }
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), "wb-s3rver-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: "evidence" }],
  });
  const { port } = await s3.run();
  const ctx = await createTestContext({
    STORAGE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_BUCKET: "evidence",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    ...env,
  });
  const storage = ctx.app.deps.storage as S3Storage;
  return {
    ...ctx,
    backend,
    objectKeys: async () => {
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    tempFiles: () => [],
    close: async () => {
      await ctx.close();
      await s3.close();
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
