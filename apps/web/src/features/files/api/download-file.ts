import type { DownloadResponse } from "@workbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** Asks for a short-lived URL, then reads the bytes from it as a blob (spec section 7). */
export async function downloadFile(input: { workspaceId: string; fileId: string }): Promise<{ blob: Blob; filename: string }> {
  const { url, filename } = await apiJson<DownloadResponse>(
    `/workspaces/${input.workspaceId}/files/${input.fileId}/download`,
  );
  const response = await fetch(url);
  if (!response.ok) throw new Error(`File download failed: ${response.status}`);
  return { blob: await response.blob(), filename };
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}
