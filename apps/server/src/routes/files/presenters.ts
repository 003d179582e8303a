import type { FolderItem } from "@workbench/contracts";
import type { Folder } from "../../db/schema/index.js";

export function presentFolder(folder: Folder): FolderItem {
  return {
    id: folder.id,
    name: folder.name,
    display_name: folder.displayName,
    parent_id: folder.parentId,
    created_at: folder.createdAt.toISOString(),
  };
}
