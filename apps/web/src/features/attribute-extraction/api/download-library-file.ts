import { apiJson } from "@/lib/api-client";

/** Fetches a library file's bytes: the API hands out a short-lived URL, then the blob is read from it. */
export async function downloadLibraryFile(input: {
  workspaceId: string;
  fileId: string;
}): Promise<{ blob: Blob; filename: string }> {
  const { url, filename } = await apiJson<{ url: string; filename: string }>(
    `/workspaces/${input.workspaceId}/files/${input.fileId}/download`,
  );
  const response = await fetch(url);
  if (!response.ok) throw new Error(`File download failed: ${response.status}`);
  return { blob: await response.blob(), filename };
}
