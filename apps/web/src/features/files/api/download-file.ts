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

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}
