import type { FolderItem, ResolveFolderResponse } from "@workbench/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** The folder chain for a path such as `fy2025/payroll` (each segment by name or display name). */
export async function resolveFolderPath(input: { workspaceId: string; path: string }): Promise<FolderItem[]> {
  const answer = await apiJson<ResolveFolderResponse>(
    `/workspaces/${input.workspaceId}/folders/resolve?path=${encodeURIComponent(input.path)}`,
    { cache: "no-store" },
  );
  return answer.folders;
}

export const resolveFolderPathQueryOptions = (input: { workspaceId: string; path: string }) =>
  queryOptions({
    queryKey: ["workspaces", input.workspaceId, "folder-path", input.path],
    queryFn: () => resolveFolderPath(input),
    retry: false,
  });

export function useResolveFolderPath(input: { workspaceId: string | undefined; path: string }) {
  return useQuery({
    ...resolveFolderPathQueryOptions({ workspaceId: input.workspaceId ?? "", path: input.path }),
    enabled: Boolean(input.workspaceId) && input.path.length > 0,
  });
}
