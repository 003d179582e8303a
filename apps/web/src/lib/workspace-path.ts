export type Workspace = {
  id: string;
  display_name: string | null;
  type?: string | null;
  created_at?: string;
};

/** localStorage keys: the active workspace object, and the id of the last one used. */
export const ACTIVE_WORKSPACE_KEY = "activeWorkspace";
export const LAST_WORKSPACE_ID_KEY = "lastWorkspaceId";

const WORKSPACE_SEGMENT = /^\/workspaces\/([^/]+)(\/.*)?$/;

/** The workspace id carried by a path such as /workspaces/{id}/files, if any. */
export function workspaceIdFromPath(pathname: string): string | undefined {
  const match = WORKSPACE_SEGMENT.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** The path without its /workspaces/{id} prefix ("/" for the workspace home). */
export function stripWorkspace(pathname: string): string {
  const match = WORKSPACE_SEGMENT.exec(pathname);
  if (!match) return pathname || "/";
  return match[2] && match[2] !== "/" ? match[2] : "/";
}

/**
 * The path rule: a path without a workspace segment gets the active id prefixed; a path with a
 * different id gets it replaced. The index is /workspaces/{id} (no trailing slash).
 */
export function applyWorkspaceToPath(pathname: string, workspaceId: string): string {
  const rest = stripWorkspace(pathname);
  const prefix = `/workspaces/${encodeURIComponent(workspaceId)}`;
  return rest === "/" ? prefix : `${prefix}${rest}`;
}

export type WorkspaceChoiceInput = {
  workspaces: readonly Workspace[];
  routeId?: string;
  currentId?: string;
  storedActive?: Workspace | null;
  lastId?: string | null;
};

/**
 * Choice order: the id in the route; else the current active workspace if still listed; else the
 * stored active workspace; else the stored last id; else the first. Only listed workspaces are
 * chosen, so an id of a workspace the user cannot see is never made active. None when empty.
 */
export function chooseWorkspace({
  workspaces,
  routeId,
  currentId,
  storedActive,
  lastId,
}: WorkspaceChoiceInput): Workspace | null {
  if (workspaces.length === 0) return null;
  const find = (id: string | null | undefined) => (id ? workspaces.find((w) => w.id === id) : undefined);
  return find(routeId) ?? find(currentId) ?? find(storedActive?.id) ?? find(lastId) ?? workspaces[0];
}
