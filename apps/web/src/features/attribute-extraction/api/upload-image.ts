import { apiUpload } from "@/lib/api-client";

/** Uploads the evidence image to the workspace's files; answers its file id. */
export async function uploadImage(input: {
  workspaceId: string;
  file: File;
  onProgress?: (percent: number) => void;
}): Promise<string> {
  const form = new FormData();
  form.append("file", input.file, input.file.name);
  const answer = await apiUpload<{ file_id?: string; id?: string }>(
    `/workspaces/${input.workspaceId}/files`,
    form,
    input.onProgress,
  );
  const fileId = answer?.file_id ?? answer?.id;
  if (!fileId) throw new Error("Failed to upload the file");
  return fileId;
}
