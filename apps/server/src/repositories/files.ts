import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Folder, files, folders, type NewStoredFile, type StoredFile, users } from "../db/schema/index.js";

/** A file row with its uploader's e-mail, as listings show it. */
export type ListedFile = StoredFile & { createdByEmail: string | null };

const folderScope = (workspaceId: string, parentId: string | null) =>
  and(eq(folders.workspaceId, workspaceId), parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId));

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

// ---- files ----

export async function insertFile(db: Db, values: NewStoredFile): Promise<StoredFile> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFile(db: Db, workspaceId: string, fileId: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.id, fileId)))
    .limit(1);
  return row;
}

export async function deleteFileRow(db: Db, workspaceId: string, fileId: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.id, fileId)))
    .returning();
  return row;
}

/** Files directly in a folder (or the root), in display order: by name ignoring case. */
export async function listFilesIn(db: Db, workspaceId: string, folderId: string | null): Promise<ListedFile[]> {
  return db
    .select({
      id: files.id,
      workspaceId: files.workspaceId,
      folderId: files.folderId,
      displayName: files.displayName,
      extension: files.extension,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
      storageKey: files.storageKey,
      createdBy: files.createdBy,
      createdAt: files.createdAt,
      updatedAt: files.updatedAt,
      createdByEmail: users.email,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.createdBy))
    .where(and(eq(files.workspaceId, workspaceId), folderId ? eq(files.folderId, folderId) : isNull(files.folderId)))
    .orderBy(sql`lower(${files.displayName})`, asc(files.id));
}

// ---- folders ----

export async function findFolder(db: Db, workspaceId: string, folderId: string): Promise<Folder | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), eq(folders.id, folderId)))
    .limit(1);
  return row;
}

export async function listFoldersIn(db: Db, workspaceId: string, parentId: string | null): Promise<Folder[]> {
  return db
    .select()
    .from(folders)
    .where(folderScope(workspaceId, parentId))
    .orderBy(sql`lower(${folders.displayName})`, asc(folders.id));
}

/** The child folder whose `name` or `display_name` is `segment`; an exact `name` match wins. */
export async function findChildFolder(
  db: Db,
  workspaceId: string,
  parentId: string | null,
  segment: string,
): Promise<Folder | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(
      and(
        folderScope(workspaceId, parentId),
        or(eq(folders.name, segment), sql`lower(${folders.displayName}) = lower(${segment})`),
      ),
    )
    .orderBy(sql`(${folders.name} = ${segment}) desc`, sql`(${folders.displayName} = ${segment}) desc`, asc(folders.id))
    .limit(1);
  return row;
}

/** Inserts the folder; `undefined` when a sibling already has that name. */
export async function insertFolder(db: Db, values: typeof folders.$inferInsert): Promise<Folder | undefined> {
  const [row] = await db.insert(folders).values(values).onConflictDoNothing().returning();
  return row;
}

/** Renames the folder; "conflict" when a sibling already has that name. */
export async function renameFolder(
  db: Db,
  workspaceId: string,
  folderId: string,
  name: string,
  displayName: string,
): Promise<Folder | undefined | "conflict"> {
  try {
    const [row] = await db
      .update(folders)
      .set({ name, displayName, updatedAt: new Date() })
      .where(and(eq(folders.workspaceId, workspaceId), eq(folders.id, folderId)))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return "conflict";
    throw error;
  }
}

export async function folderHasChildren(db: Db, workspaceId: string, folderId: string): Promise<boolean> {
  const [row] = rowsOf<{ busy: boolean }>(
    await db.execute(sql`
      select exists (select 1 from folders where workspace_id = ${workspaceId} and parent_id = ${folderId})
          or exists (select 1 from files where workspace_id = ${workspaceId} and folder_id = ${folderId}) as busy`),
  );
  return Boolean(row?.busy);
}

/**
 * Deletes the folder and everything below it; answers the storage keys of the files that went,
 * or undefined when the folder is not there. The tree is locked first, so an upload into it that
 * races this either finishes before (and its key is answered) or fails on the missing folder.
 */
export async function deleteFolderTree(db: Db, workspaceId: string, folderId: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const tree = sql`with recursive tree(id) as (
        select id from folders where workspace_id = ${workspaceId} and id = ${folderId}
        union all
        select f.id from folders f join tree on f.parent_id = tree.id where f.workspace_id = ${workspaceId}
      )`;
    const locked = rowsOf<{ id: string }>(
      await tx.execute(sql`${tree} select id from folders where id in (select id from tree) for update`),
    );
    if (locked.length === 0) return undefined;
    const keys = rowsOf<{ key: string }>(
      await tx.execute(sql`${tree} select storage_key as key from files
        where workspace_id = ${workspaceId} and folder_id in (select id from tree)`),
    );
    // Subfolders and their file rows go with it (ON DELETE CASCADE).
    await tx.delete(folders).where(and(eq(folders.workspaceId, workspaceId), eq(folders.id, folderId)));
    return keys.map((r) => r.key);
  });
}

function rowsOf<T>(result: unknown): T[] {
  return ("rows" in (result as object) ? (result as { rows: T[] }).rows : result) as T[];
}
