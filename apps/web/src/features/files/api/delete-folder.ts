import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { contentsKey } from "./get-contents";

export async function deleteFolder(input: { workspaceId: string; folderId: string; recursive?: boolean }): Promise<void> {
  const query = input.recursive ? "?recursive=true" : "";
  await apiJson<void>(`/workspaces/${input.workspaceId}/folders/${input.folderId}${query}`, { method: "DELETE" });
}

export function useDeleteFolder(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { folderId: string; recursive?: boolean }) => deleteFolder({ workspaceId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentsKey(workspaceId) }),
  });
}
