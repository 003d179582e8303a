import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { isImageFileName } from "../lib/image-files";

/** A workspace file offered by the picker (spec "Library file"). */
export interface LibraryFile {
  id: string;
  workspace_id: string;
  original_name: string;
  document_id?: string;
  created_at?: string;
}

interface ContentsFile {
  file_id?: string;
  id?: string;
  display_name?: string;
  name?: string;
  extension?: string;
  created_at?: string;
}

/** Lists the workspace's image files; contents are never cached (spec section 7). */
export async function getLibraryFiles(workspaceId: string): Promise<LibraryFile[]> {
  const contents = await apiJson<{ files?: ContentsFile[] }>(`/workspaces/${workspaceId}/contents`, {
    cache: "no-store",
  });
  return (contents?.files ?? [])
    .map((f) => ({
      id: String(f.file_id ?? f.id ?? ""),
      workspace_id: workspaceId,
      original_name: String(f.display_name ?? f.name ?? ""),
      extension: f.extension,
      created_at: f.created_at,
    }))
    .filter((f) => f.id && isImageFileName(f.original_name, f.extension))
    .map(({ extension: _extension, ...file }) => file);
}

export const getLibraryFilesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ["workspaces", workspaceId, "library-images"],
    queryFn: () => getLibraryFiles(workspaceId),
    staleTime: 0,
  });

export function useLibraryFiles(workspaceId: string | undefined) {
  return useQuery({ ...getLibraryFilesQueryOptions(workspaceId ?? ""), enabled: Boolean(workspaceId) });
}
