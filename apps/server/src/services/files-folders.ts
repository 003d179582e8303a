import type { Folder } from "../db/schema/index.js";
import { ConflictError, NotFoundError } from "../errors.js";
import {
  deleteFolderTree,
  findChildFolder,
  folderHasChildren,
  insertFolder,
  renameFolder as renameFolderRow,
} from "../repositories/files.js";
import type { FilesDeps } from "./files.js";
import { requireFolder } from "./files.js";
import { checkEntryName, folderSlug } from "./files-names.js";
import { requireWorkspace } from "./workspaces.js";

const conflict = (name: string) => new ConflictError(`A folder named '${name}' already exists here.`);

export async function createFolder(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  input: { name: string; parent_id?: string | null },
): Promise<Folder> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  const displayName = checkEntryName(input.name, "folder");
  if (input.parent_id) await requireFolder(deps, workspaceId, input.parent_id);
  const folder = await insertFolder(deps.database.db, {
    workspaceId,
    parentId: input.parent_id ?? null,
    name: folderSlug(displayName),
    displayName,
    createdBy: userId,
  });
  if (!folder) throw conflict(displayName);
  return folder;
}

export async function renameFolder(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  folderId: string,
  input: { name: string },
): Promise<Folder> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  await requireFolder(deps, workspaceId, folderId);
  const displayName = checkEntryName(input.name, "folder");
  const result = await renameFolderRow(deps.database.db, workspaceId, folderId, folderSlug(displayName), displayName);
  if (result === "conflict") throw conflict(displayName);
  if (!result) throw new NotFoundError("Folder not found");
  return result;
}

/**
 * Deletes a folder. Without `recursive` it must be empty (409 otherwise); with it, everything
 * below goes too: the rows in one statement (cascade), then the objects of the files they held.
 */
export async function deleteFolder(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  folderId: string,
  options: { recursive: boolean },
): Promise<void> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  await requireFolder(deps, workspaceId, folderId);
  const { db } = deps.database;
  if (!options.recursive && (await folderHasChildren(db, workspaceId, folderId))) {
    throw new ConflictError("The folder is not empty. Delete its contents first, or delete it recursively.");
  }
  const keys = await deleteFolderTree(db, workspaceId, folderId);
  if (!keys) throw new NotFoundError("Folder not found");
  for (const key of keys) await deps.storage.delete(key);
}

/** Resolves `a/b/c` from the root, one segment at a time, by folder name or display name. */
export async function resolveFolderPath(
  deps: FilesDeps,
  userId: string,
  workspaceId: string,
  path: string,
): Promise<Folder[]> {
  await requireWorkspace(deps.database.db, userId, workspaceId);
  const segments = path.split("/").filter((s) => s.length > 0);
  const chain: Folder[] = [];
  let parentId: string | null = null;
  for (const segment of segments) {
    const folder: Folder | undefined = await findChildFolder(deps.database.db, workspaceId, parentId, segment);
    if (!folder) throw new NotFoundError(`Folder '${segment}' not found`);
    chain.push(folder);
    parentId = folder.id;
  }
  return chain;
}
