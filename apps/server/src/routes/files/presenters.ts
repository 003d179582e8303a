import type { FileItem, FolderItem } from "@workbench/contracts";
import type { Folder } from "../../db/schema/index.js";
import type { ListedFile } from "../../repositories/files.js";

export function presentFile(file: ListedFile): FileItem {
  return {
    file_id: file.id,
    id: file.id,
    display_name: file.displayName,
    name: file.displayName,
    size_bytes: file.sizeBytes,
    size: file.sizeBytes,
    created_at: file.createdAt.toISOString(),
    created_by: file.createdByEmail,
    created_by_id: file.createdBy,
    extension: file.extension,
    content_type: file.contentType,
    sha256: file.sha256,
    folder_id: file.folderId,
  };
}

export function presentFolder(folder: Folder): FolderItem {
  return {
    id: folder.id,
    name: folder.name,
    display_name: folder.displayName,
    parent_id: folder.parentId,
    created_at: folder.createdAt.toISOString(),
  };
}
