import type { Db } from "../db/client.js";
import type { User, Workspace } from "../db/schema/index.js";
import { NotFoundError } from "../errors.js";
import { findUserById } from "../repositories/users.js";
import {
  findPersonalWorkspace,
  findWorkspaceOfOwner,
  insertPersonalWorkspaceIfMissing,
  listWorkspacesOfOwner,
} from "../repositories/workspaces.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace, if it belongs to the user. Anything else (malformed id, unknown id,
 * someone else's workspace) is the same 404, so ids of other users' workspaces leak nothing.
 */
export async function requireWorkspace(db: Db, userId: string, workspaceId: string): Promise<Workspace> {
  if (!UUID.test(workspaceId)) throw new NotFoundError("Workspace not found");
  const workspace = await findWorkspaceOfOwner(db, userId, workspaceId);
  if (!workspace) throw new NotFoundError("Workspace not found");
  return workspace;
}

export async function listWorkspaces(db: Db, userId: string): Promise<Workspace[]> {
  return listWorkspacesOfOwner(db, userId);
}

/** The personal workspace name: the given name, else the user's display/full/first+last name, else the e-mail local part. */
export function personalWorkspaceName(user: Pick<User, "email" | "userMetadata">, displayName?: string): string {
  const given = displayName?.trim();
  if (given) return given.endsWith("'s Workspace") ? given : `${given}'s Workspace`;
  const meta = user.userMetadata ?? {};
  const text = (key: string) => (typeof meta[key] === "string" ? (meta[key] as string).trim() : "");
  const fullName = [text("first_name"), text("last_name")].filter(Boolean).join(" ");
  const email = user.email ?? "";
  const localPart = email.includes("@") ? email.slice(0, email.lastIndexOf("@")) : email;
  const base = text("display_name") || text("full_name") || text("name") || fullName || localPart || "My";
  return `${base}'s Workspace`;
}

/** Ensures the user's personal workspace exists; `created` says whether this call made it. */
export async function ensurePersonalWorkspace(
  db: Db,
  user: Pick<User, "id" | "email" | "userMetadata">,
  displayName?: string,
): Promise<{ workspace: Workspace; created: boolean }> {
  const existing = await findPersonalWorkspace(db, user.id);
  if (existing) return { workspace: existing, created: false };
  const inserted = await insertPersonalWorkspaceIfMissing(db, user.id, personalWorkspaceName(user, displayName));
  if (inserted) return { workspace: inserted, created: true };
  // A concurrent call won the race; answer the row it made.
  const winner = await findPersonalWorkspace(db, user.id);
  if (!winner) throw new NotFoundError("Workspace not found");
  return { workspace: winner, created: false };
}

/** Ensures the personal workspace of the signed-in user, named from their profile. */
export async function ensurePersonalWorkspaceOf(
  db: Db,
  userId: string,
  displayName?: string,
): Promise<{ workspace: Workspace; created: boolean }> {
  const user = await findUserById(db, userId);
  if (!user) throw new NotFoundError("User not found");
  return ensurePersonalWorkspace(db, user, displayName);
}
