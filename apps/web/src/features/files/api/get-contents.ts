import type { ContentsResponse } from "@workbench/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const contentsKey = (workspaceId: string) => ["workspaces", workspaceId, "contents"] as const;

/** Folders and files of the workspace root or of one folder; never cached (spec section 7). */
export async function getContents(input: { workspaceId: string; folderId?: string | null }): Promise<ContentsResponse> {
  const query = input.folderId ? `?folder_id=${encodeURIComponent(input.folderId)}` : "";
  const contents = await apiJson<ContentsResponse>(`/workspaces/${input.workspaceId}/contents${query}`, {
    cache: "no-store",
  });
  return { folders: contents?.folders ?? [], files: contents?.files ?? [] };
}

export const getContentsQueryOptions = (input: { workspaceId: string; folderId?: string | null }) =>
  queryOptions({
    queryKey: [...contentsKey(input.workspaceId), input.folderId ?? "root"],
    queryFn: () => getContents(input),
    staleTime: 0,
  });

export function useContents(input: { workspaceId: string | undefined; folderId?: string | null; enabled?: boolean }) {
  return useQuery({
    ...getContentsQueryOptions({ workspaceId: input.workspaceId ?? "", folderId: input.folderId }),
    enabled: Boolean(input.workspaceId) && input.enabled !== false,
  });
}
