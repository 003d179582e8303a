import { createHash, randomUUID } from "node:crypto";
import { pipeline, type Readable, type TransformCallback } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Config } from "../config/env.js";
import type { Database } from "../db/client.js";
import type { Folder, StoredFile } from "../db/schema/index.js";
import { AppError, BadRequestError, NotFoundError } from "../errors.js";
import {
  deleteFileRow,
  findFile,
  findFolder,
  insertFile,
  listFilesInAsJson,
  listFoldersIn,
} from "../repositories/files.js";
import { ByteCounter } from "../storage/byte-limit.js";
import type { SignedObject, StorageDriver } from "../storage/driver.js";
import { fileObjectKey } from "../storage/index.js";
import { checkEntryName, contentTypeFor, extensionOf } from "./files-names.js";
import { requireWorkspace } from "./workspaces.js";

export interface FilesDeps {
  config: Config;
  database: Database;
  storage: StorageDriver;
}

/** One file part of an upload, as the route hands it over. */
export interface UploadPart {
  filename: string | undefined;
  stream: Readable;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The folder, if it is in the workspace; malformed and foreign ids are the same 404. */
export async function requireFolder(deps: FilesDeps, workspaceId: string, folderId: string): Promise<Folder> {
  const folder = UUID.test(folderId) ? await findFolder(deps.database.db, workspaceId, folderId) : undefined;
  if (!folder) throw new NotFoundError("Folder not found");
  return folder;
}

async function requireFile(deps: FilesDeps, workspaceId: string, fileId: string): Promise<StoredFile> {
  const file = UUID.test(fileId) ? await findFile(deps.database.db, workspaceId, fileId) : undefined;
  if (!file) throw new NotFoundError("File not found.");
  return file;
}

export function maxUploadBytes(config: Config): number {
  return Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024);
}

/**
 * Stores every file part of an upload: each is checked, typed from its bytes, hashed and counted
 * while it streams to storage, then recorded. If any part fails, the parts already stored by this
 * request are removed too, so a failed upload changes nothing.
 */
export async function uploadFiles(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  folderId: string | undefined,
  parts: AsyncIterable<UploadPart>,
  isAborted: () => boolean = () => false,
): Promise<StoredFile[]> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  if (folderId) await requireFolder(deps, workspaceId, folderId);
  const stored: StoredFile[] = [];
  try {
    for await (const part of parts) {
      stored.push(await storeOne(deps, userId, workspaceId, folderId ?? null, part));
    }
    if (stored.length === 0) {
      throw new BadRequestError("No file in the upload: send the file as a multipart part named 'file'.", {
        field: "file",
      });
    }
    return stored;
  } catch (error) {
    for (const file of stored) {
      await deleteFileRow(deps.database.db, workspaceId, file.id);
      await deps.storage.delete(file.storageKey).catch(() => {});
    }
    if (!(error instanceof AppError) && isAborted()) {
      throw new BadRequestError("The upload was interrupted before it finished.");
    }
    throw error;
  }
}

async function storeOne(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  folderId: string | null,
  part: UploadPart,
): Promise<StoredFile> {
  let displayName: string;
  try {
    displayName = checkEntryName(part.filename, "file");
  } catch (error) {
    part.stream.resume(); // let the parser move past the refused part
    throw error;
  }
  // One stage counts (failing past the limit or on an empty file), hashes and keeps the head.
  const inspector = new Inspector({
    maxBytes: maxUploadBytes(deps.config),
    tooLargeMessage: `'${displayName}' is larger than the upload limit of ${deps.config.MAX_UPLOAD_MB} MB.`,
    rejectEmpty: `'${displayName}' is empty; an empty file cannot be used as evidence.`,
  });
  // pipeline() forwards any failure (limit, client gone) to the last stream, which storage reads.
  const body = pipeline(part.stream, inspector, () => {});
  const id = randomUUID();
  const storageKey = fileObjectKey(workspaceId, id);
  // The object's own type is only a hint (by extension); the record holds the type found in the bytes.
  const { size } = await deps.storage.put(storageKey, body, { contentType: contentTypeFor(undefined, displayName) });
  try {
    // Loaded on the first upload rather than at start: most processes never see one.
    const { fileTypeFromBuffer } = await import("file-type/node");
    const detected = await fileTypeFromBuffer(inspector.head);
    const contentType = contentTypeFor(detected?.mime, displayName);
    return await insertFile(deps.database.db, {
      id,
      workspaceId,
      folderId,
      displayName,
      extension: extensionOf(displayName),
      contentType,
      sizeBytes: size,
      sha256: inspector.sha256(),
      storageKey,
      createdBy: userId,
    });
  } catch (error) {
    // e.g. the folder was deleted meanwhile: the object must not outlive its failed record.
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/**
 * Counts the bytes going by against the limit, hashes them and keeps the first few KB, enough to
 * recognise the file type: one stream stage instead of three, as every stage costs a hand-off per chunk.
 */
class Inspector extends ByteCounter {
  private readonly hash = createHash("sha256");
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  static readonly HEAD_BYTES = 4100;

  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    if (this.kept < Inspector.HEAD_BYTES) {
      const slice = chunk.subarray(0, Inspector.HEAD_BYTES - this.kept);
      this.chunks.push(Buffer.from(slice));
      this.kept += slice.length;
    }
    super._transform(chunk, encoding, callback);
  }

  get head(): Buffer {
    return Buffer.concat(this.chunks);
  }

  sha256(): string {
    return this.hash.digest("hex");
  }
}

export interface Contents {
  folders: Folder[];
  /** The files as the API's JSON array, rendered by the database (see listFilesInAsJson). */
  filesJson: string;
}

export async function listContents(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  folderId: string | undefined,
): Promise<Contents> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  if (folderId) await requireFolder(deps, workspaceId, folderId);
  const [folders, filesJson] = await Promise.all([
    listFoldersIn(deps.database.db, workspaceId, folderId ?? null),
    listFilesInAsJson(deps.database.db, workspaceId, folderId ?? null, deps.database.kind === "pglite" ? "database" : "client"),
  ]);
  return { folders, filesJson };
}

export async function createDownloadUrl(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  fileId: string,
): Promise<{ url: string; filename: string }> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  const file = await requireFile(deps, workspaceId, fileId);
  const url = await deps.storage.signedUrl(file.storageKey, {
    filename: file.displayName,
    contentType: file.contentType,
    expiresInSeconds: deps.config.FILE_URL_TTL_SECONDS,
  });
  return { url, filename: file.displayName };
}

/** Removes the record first, then the object: a failure in between leaves an unreachable object, never a dangling record. */
export async function deleteFile(deps: FilesDeps, userId: string, workspaceId: string, fileId: string): Promise<void> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  const file = UUID.test(fileId) ? await deleteFileRow(deps.database.db, workspaceId, fileId) : undefined;
  if (!file) throw new NotFoundError("File not found.");
  await deps.storage.delete(file.storageKey);
}

export interface FileHandle {
  file: StoredFile;
  /** Streams the bytes; the caller must consume or destroy the stream. */
  open(): Promise<Readable>;
  readBuffer(): Promise<Buffer>;
}

/**
 * A file of a workspace the user owns, for other features (attribute extraction, AI jobs) to
 * read. Throws NotFoundError for another user's workspace or file.
 */
export async function getFileForUser(
  deps: Pick<FilesDeps, "database" | "storage">,
  userId: string,
  workspaceId: string,
  fileId: string,
): Promise<FileHandle> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  const file = await requireFile(deps as FilesDeps, workspaceId, fileId);
  const open = () => deps.storage.get(file.storageKey);
  return { file, open, readBuffer: async () => buffer(await open()) };
}

/** Opens a local-disk download link; other backends serve their links themselves. */
export async function openSignedFile(deps: Pick<FilesDeps, "storage">, token: string): Promise<SignedObject> {
  if (!deps.storage.openSigned) throw new NotFoundError("Not found");
  return deps.storage.openSigned(token);
}
