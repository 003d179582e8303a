import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Workspace, workspaces } from "../db/schema/index.js";

export async function findWorkspaceOfOwner(
  db: Db,
  ownerId: string,
  workspaceId: string,
): Promise<Workspace | undefined> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function listWorkspacesOfOwner(db: Db, ownerId: string): Promise<Workspace[]> {
  return db
    .select()
    .from(workspaces)
    .where(eq(workspaces.ownerId, ownerId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export async function findPersonalWorkspace(db: Db, ownerId: string): Promise<Workspace | undefined> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.ownerId, ownerId), eq(workspaces.type, "personal")))
    .limit(1);
  return row;
}

/**
 * Inserts the personal workspace unless one exists. The partial unique index on
 * (owner_id) WHERE type = 'personal' makes a concurrent second insert a no-op.
 */
export async function insertPersonalWorkspaceIfMissing(
  db: Db,
  ownerId: string,
  displayName: string,
): Promise<Workspace | undefined> {
  const [row] = await db
    .insert(workspaces)
    .values({ ownerId, displayName, type: "personal" })
    .onConflictDoNothing({ target: workspaces.ownerId, where: eq(workspaces.type, "personal") })
    .returning();
  return row;
}
