import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError, apiJson } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import {
  ACTIVE_WORKSPACE_KEY,
  applyWorkspaceToPath,
  chooseWorkspace,
  LAST_WORKSPACE_ID_KEY,
  type Workspace,
  workspaceIdFromPath,
} from "@/lib/workspace-path";

export type { Workspace } from "@/lib/workspace-path";

export type WorkspaceContextValue = {
  workspaces: Workspace[];
  activeWorkspace: Workspace | null;
  loading: boolean;
  selectWorkspace(id: string): void;
  /** Prefixes a product path with the active workspace ("/files" → "/workspaces/{id}/files"). */
  workspacePath(path: string): string;
};

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export const workspacesQueryKey = ["workspaces"] as const;

export async function fetchWorkspaces(): Promise<Workspace[]> {
  try {
    return (await apiJson<Workspace[] | null>("/workspaces/")) ?? [];
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Failed to fetch workspaces: ${error.status}`);
    throw error;
  }
}

export async function ensurePersonalWorkspace(displayName?: string): Promise<Workspace> {
  return apiJson<Workspace>("/workspaces/", {
    method: "POST",
    body: JSON.stringify(displayName ? { display_name: displayName } : {}),
  });
}

function readStoredActive(): Workspace | null {
  try {
    const raw = localStorage.getItem(ACTIVE_WORKSPACE_KEY);
    return raw ? (JSON.parse(raw) as Workspace) : null;
  } catch {
    return null;
  }
}

function storeActive(workspace: Workspace | null) {
  if (workspace) {
    localStorage.setItem(ACTIVE_WORKSPACE_KEY, JSON.stringify(workspace));
    localStorage.setItem(LAST_WORKSPACE_ID_KEY, workspace.id);
  } else {
    localStorage.removeItem(ACTIVE_WORKSPACE_KEY);
  }
}

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routeId = workspaceIdFromPath(location.pathname);
  const [activeWorkspace, setActiveWorkspace] = useState<Workspace | null>(null);
  const ensured = useRef(false);
  // Set between a selection and the navigation that carries its id into the route.
  const pendingId = useRef<string | null>(null);

  const query = useQuery({
    queryKey: [...workspacesQueryKey, user?.id],
    queryFn: fetchWorkspaces,
    enabled: Boolean(user),
    staleTime: 60_000,
  });

  useEffect(() => {
    if (query.isError) toast.error("Error", { description: "Failed to load workspace data. Please try again." });
  }, [query.isError]);

  // Users who signed in without passing through sign-up (Google, a link opened elsewhere) still
  // get their personal workspace.
  useEffect(() => {
    if (!query.isSuccess || query.data.length > 0 || ensured.current) return;
    ensured.current = true;
    ensurePersonalWorkspace()
      .then(() => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }))
      .catch(() => toast.error("Error", { description: "Failed to load workspace data. Please try again." }));
  }, [query.isSuccess, query.data, queryClient]);

  const workspaces = query.data ?? [];

  useEffect(() => {
    if (!query.isSuccess) return;
    if (pendingId.current) {
      if (routeId !== pendingId.current) return;
      pendingId.current = null;
    }
    const next = chooseWorkspace({
      workspaces: query.data,
      routeId,
      currentId: activeWorkspace?.id,
      storedActive: readStoredActive(),
      lastId: localStorage.getItem(LAST_WORKSPACE_ID_KEY),
    });
    if (next?.id !== activeWorkspace?.id || (next && next !== activeWorkspace)) {
      setActiveWorkspace(next);
      storeActive(next);
    }
  }, [query.isSuccess, query.data, routeId, activeWorkspace]);

  const selectWorkspace = useCallback(
    (id: string) => {
      const next = workspaces.find((w) => w.id === id);
      if (!next) return;
      pendingId.current = id;
      setActiveWorkspace(next);
      storeActive(next);
      navigate(applyWorkspaceToPath(location.pathname, id) + location.search);
    },
    [workspaces, navigate, location.pathname, location.search],
  );

  const workspacePath = useCallback(
    (path: string) => (activeWorkspace ? applyWorkspaceToPath(path, activeWorkspace.id) : path),
    [activeWorkspace],
  );

  const value = useMemo<WorkspaceContextValue>(
    () => ({
      workspaces,
      activeWorkspace,
      loading: Boolean(user) && (query.isPending || (query.isSuccess && !activeWorkspace && workspaces.length > 0)),
      selectWorkspace,
      workspacePath,
    }),
    [workspaces, activeWorkspace, user, query.isPending, query.isSuccess, selectWorkspace, workspacePath],
  );

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceContextValue {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error("useWorkspace must be used within a WorkspaceProvider");
  return context;
}
