import type { FileItem, FolderItem } from "@workbench/contracts";
import { Download, FileText, Folder, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatBytes, formatDate, formatType } from "../lib/format";

export interface FilesTableProps {
  folders: FolderItem[];
  files: FileItem[];
  folderHref: (folder: FolderItem) => string;
  selected: Set<string>;
  onToggle: (fileId: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onDownload: (file: FileItem) => void;
  onDelete: (file: FileItem) => void;
  onDeleteFolder: (folder: FolderItem) => void;
  downloading: Set<string>;
}

/** Folders first, then files; each file can be selected, downloaded and deleted. */
export function FilesTable(props: FilesTableProps) {
  const { folders, files, selected } = props;
  const allSelected = files.length > 0 && files.every((f) => selected.has(f.file_id));
  const someSelected = !allSelected && files.some((f) => selected.has(f.file_id));
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <Checkbox
              className="align-middle"
              aria-label="Select all files"
              disabled={files.length === 0}
              checked={allSelected ? true : someSelected ? "indeterminate" : false}
              onCheckedChange={(checked) => props.onToggleAll(checked === true)}
            />
          </TableHead>
          <TableHead>Name</TableHead>
          <TableHead className="w-28">Size</TableHead>
          <TableHead className="w-24">Type</TableHead>
          <TableHead className="hidden md:table-cell">Uploaded by</TableHead>
          <TableHead className="hidden w-44 sm:table-cell">Date</TableHead>
          <TableHead className="w-24 text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {folders.map((folder) => (
          <TableRow key={folder.id} data-kind="folder">
            <TableCell />
            <TableCell>
              <Link to={props.folderHref(folder)} className="flex w-fit items-center gap-2 font-medium hover:underline">
                <Folder className="size-4 text-amber-500" aria-hidden />
                {folder.display_name}
              </Link>
            </TableCell>
            <TableCell className="text-muted-foreground">—</TableCell>
            <TableCell className="text-muted-foreground">Folder</TableCell>
            <TableCell className="hidden md:table-cell" />
            <TableCell className="hidden text-muted-foreground sm:table-cell">{formatDate(folder.created_at)}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete folder ${folder.display_name}`}
                onClick={() => props.onDeleteFolder(folder)}
              >
                <Trash2 className="size-4" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {files.map((file) => (
          <TableRow key={file.file_id} data-state={selected.has(file.file_id) ? "selected" : undefined}>
            <TableCell>
              <Checkbox
                className="align-middle"
                aria-label={`Select ${file.display_name}`}
                checked={selected.has(file.file_id)}
                onCheckedChange={(checked) => props.onToggle(file.file_id, checked === true)}
              />
            </TableCell>
            <TableCell>
              <span className="flex min-w-0 items-center gap-2" title={`SHA-256 ${file.sha256}`}>
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="truncate">{file.display_name}</span>
              </span>
            </TableCell>
            <TableCell className="tabular-nums">{formatBytes(file.size_bytes)}</TableCell>
            <TableCell>{formatType(file.extension, file.content_type)}</TableCell>
            <TableCell className="hidden max-w-48 truncate text-muted-foreground md:table-cell" title={file.created_by ?? undefined}>
              {file.created_by ?? "—"}
            </TableCell>
            <TableCell className="hidden text-muted-foreground sm:table-cell">{formatDate(file.created_at)}</TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Download ${file.display_name}`}
                disabled={props.downloading.has(file.file_id)}
                onClick={() => props.onDownload(file)}
              >
                <Download className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${file.display_name}`}
                onClick={() => props.onDelete(file)}
              >
                <Trash2 className="size-4" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
