import type { UploadResponse } from "@workbench/contracts";
import { apiUpload } from "@/lib/api-client";

/** Uploads one file as multipart, reporting progress 0-100 (XHR, since fetch cannot). */
export async function uploadFile(input: {
  workspaceId: string;
  folderId?: string | null;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<UploadResponse> {
  const form = new FormData();
  form.append("file", input.file, input.file.name);
  const query = input.folderId ? `?folder_id=${encodeURIComponent(input.folderId)}` : "";
  return apiUpload<UploadResponse>(`/workspaces/${input.workspaceId}/files${query}`, form, input.onProgress, {
    signal: input.signal,
  });
}
