import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Folder, files, folders, type NewStoredFile, type StoredFile } from "../db/schema/index.js";

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

/**
 * Files directly in a folder (or the root) in display order (by name ignoring case), rendered as
 * the API's JSON array without building one JS object per row through the ORM. Where the JSON is
 * made is chosen by measurement (docs/benchmarks.md): embedded PGlite renders it faster itself
 * (`json_agg`) than it hands rows across WASM; node-postgres parses plain text rows faster than
 * PostgreSQL aggregates them, so there the rows are stringified here.
 */
export async function listFilesInAsJson(
  db: Db,
  workspaceId: string,
  folderId: string | null,
  renderIn: "database" | "client",
): Promise<string> {
  // Columns in API order and types that parse cheaply (text, float8); the index gives the order.
  // Each field once, under its spec name: the answer for 10,000 files is mostly bytes to move.
  const listing = sql`
    select f.id as file_id, f.display_name, f.size_bytes::float8 as size_bytes,
      to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      u.email as created_by, f.extension, f.content_type, f.sha256, f.folder_id
    from files f left join users u on u.id = f.created_by
    where f.workspace_id = ${workspaceId} and ${folderId ? sql`f.folder_id = ${folderId}` : sql`f.folder_id is null`}
    order by lower(f.display_name), f.id`;
  if (renderIn === "client") return JSON.stringify(rowsOf(await db.execute(listing)));
  // json_agg keeps the subquery's order.
  const [row] = rowsOf<{ json: string }>(
    await db.execute(sql`select coalesce(json_agg(listing), '[]')::text as json from (${listing}) listing`),
  );
  return row?.json ?? "[]";
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
