import type { CreateFolderBody, FolderItem } from "@workbench/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { contentsKey } from "./get-contents";

export async function createFolder(input: { workspaceId: string } & CreateFolderBody): Promise<FolderItem> {
  const { workspaceId, ...body } = input;
  return apiJson<FolderItem>(`/workspaces/${workspaceId}/folders`, { method: "POST", body: JSON.stringify(body) });
}

export function useCreateFolder(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFolderBody) => createFolder({ workspaceId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentsKey(workspaceId) }),
  });
}
