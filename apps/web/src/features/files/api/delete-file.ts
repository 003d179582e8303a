import type { ContentsResponse } from "@workbench/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { contentsKey } from "./get-contents";

export async function deleteFile(input: { workspaceId: string; fileId: string }): Promise<void> {
  await apiJson<void>(`/workspaces/${input.workspaceId}/files/${input.fileId}`, { method: "DELETE" });
}

/**
 * Deletes optimistically (spec section 4): the file leaves every cached listing at once and the
 * listings are put back as they were if the call fails.
 */
export function useDeleteFile(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteFile({ workspaceId, fileId }),
    onMutate: async (fileId) => {
      await queryClient.cancelQueries({ queryKey: contentsKey(workspaceId) });
      const previous = queryClient.getQueriesData<ContentsResponse>({ queryKey: contentsKey(workspaceId) });
      queryClient.setQueriesData<ContentsResponse>({ queryKey: contentsKey(workspaceId) }, (old) =>
        old ? { ...old, files: old.files.filter((f) => f.file_id !== fileId) } : old,
      );
      return { previous };
    },
    onError: (_error, _fileId, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentsKey(workspaceId) }),
  });
}
