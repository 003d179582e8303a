import type { FileItem, FolderItem } from "@workbench/contracts";
import { FolderX, RefreshCw, Trash2, Upload, UploadCloud } from "lucide-react";
import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";
import { useWorkspace } from "@/lib/workspace";
import { useDeleteFile } from "../api/delete-file";
import { useDeleteFolder } from "../api/delete-folder";
import { downloadFile } from "../api/download-file";
import { useContents } from "../api/get-contents";
import { useResolveFolderPath } from "../api/resolve-folder-path";
import { useUploads } from "../hooks/use-uploads";
import { errorMessage } from "../lib/format";
import { ConfirmDialog, type ConfirmRequest } from "./confirm-dialog";
import { CreateFolderDialog } from "./create-folder-dialog";
import { FilesTable } from "./files-table";
import { FolderBreadcrumb } from "./folder-breadcrumb";
import { UploadList } from "./upload-list";

/** Lists, uploads, downloads and deletes the files of the active workspace at `folderPath`. */
export function FilesBrowser({ folderPath }: { folderPath: string }) {
  const { activeWorkspace, workspacePath, loading: workspaceLoading } = useWorkspace();
  const workspaceId = activeWorkspace?.id;
  const path = folderPath.replace(/^\/+|\/+$/g, "");
  const resolved = useResolveFolderPath({ workspaceId, path });
  const chain: FolderItem[] = path ? (resolved.data ?? []) : [];
  const folderId = chain.length ? chain[chain.length - 1]!.id : null;
  const pathReady = !path || resolved.isSuccess;
  const contents = useContents({ workspaceId, folderId, enabled: pathReady });
  const uploads = useUploads(workspaceId);
  const deleteFile = useDeleteFile(workspaceId ?? "");
  const deleteFolder = useDeleteFolder(workspaceId ?? "");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [downloading, setDownloading] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const files = contents.data?.files ?? [];
  const folders = contents.data?.folders ?? [];
  const segments = chain.map((f) => f.name);
  const hrefFor = (depth: number) => workspacePath(`/files${depth ? `/${segments.slice(0, depth).join("/")}` : ""}`);
  const folderHref = (folder: FolderItem) => workspacePath(`/files/${[...segments, folder.name].join("/")}`);

  // Selection follows the listing: a file that is gone cannot stay selected.
  useEffect(() => {
    setSelected((current) => {
      const ids = new Set(files.map((f) => f.file_id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [files]);
  useEffect(() => setSelected(new Set()), [folderId]);
  // Finished uploads belong to the folder they went into; another folder starts with a clean list.
  const { clearFinished } = uploads;
  useEffect(() => clearFinished(), [folderId, clearFinished]);

  useEffect(() => {
    if (contents.isError) toast.error("Error loading files", { description: "Failed to load workspace files" });
  }, [contents.isError]);

  const upload = (list: FileList | File[] | null) => {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length) void uploads.start(chosen, folderId);
  };

  const removeFile = (file: FileItem) => {
    deleteFile.mutate(file.file_id, {
      onSuccess: () => toast.success("File deleted", { description: file.display_name }),
      onError: (error) => {
        const description =
          error instanceof ApiError && error.status === 404
            ? "File not found."
            : (errorMessage(error) ?? "Failed to delete file. Please try again.");
        toast.error("Delete failed", { description });
      },
    });
  };

  const askDeleteFiles = (targets: FileItem[]) => {
    if (targets.length === 0) return;
    setConfirm({
      title: targets.length === 1 ? "Delete file?" : `Delete ${targets.length} files?`,
      description:
        targets.length === 1
          ? `'${targets[0]!.display_name}' will be removed from this workspace for good.`
          : "The selected files will be removed from this workspace for good.",
      action: "Delete",
      onConfirm: () => targets.forEach(removeFile),
    });
  };

  const askDeleteFolder = (folder: FolderItem) =>
    setConfirm({
      title: "Delete folder?",
      description: `'${folder.display_name}' and everything in it will be removed for good.`,
      action: "Delete folder",
      onConfirm: () =>
        deleteFolder.mutate(
          { folderId: folder.id, recursive: true },
          {
            onSuccess: () => toast.success("Folder deleted", { description: folder.display_name }),
            onError: (error) =>
              toast.error("Delete failed", {
                description: errorMessage(error) ?? "Failed to delete the folder. Please try again.",
              }),
          },
        ),
    });

  const download = async (file: FileItem) => {
    if (!workspaceId) return;
    setDownloading((s) => new Set(s).add(file.file_id));
    toast("Download started", { description: file.display_name });
    try {
      const { blob, filename } = await downloadFile({ workspaceId, fileId: file.file_id });
      saveBlob(blob, filename || file.display_name);
      toast.success("Download completed", { description: filename || file.display_name });
    } catch (error) {
      toast.error("Download failed", {
        description: errorMessage(error) ?? "Failed to download file. Please try again.",
      });
    } finally {
      setDownloading((s) => {
        const next = new Set(s);
        next.delete(file.file_id);
        return next;
      });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(event.dataTransfer.files);
  };

  const selectedFiles = useMemo(() => files.filter((f) => selected.has(f.file_id)), [files, selected]);

  if (!workspaceId) {
    return workspaceLoading ? (
      <Loading />
    ) : (
      <p className="p-6 text-muted-foreground">Choose a workspace to see its files.</p>
    );
  }

  if (path && resolved.isError) {
    return (
      <div className="flex flex-col items-start gap-3 p-6">
        <FolderX className="size-8 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">Folder not found</h2>
        <p className="text-muted-foreground">No folder matches '{path}' in this workspace.</p>
        <Button asChild variant="outline">
          <Link to={workspacePath("/files")}>Back to all files</Link>
        </Button>
      </div>
    );
  }

  return (
    <div
      className="relative flex min-h-full flex-col gap-4 p-6"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="files-drop-zone"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Files</h1>
          <FolderBreadcrumb chain={chain} hrefFor={hrefFor} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {selectedFiles.length > 0 ? (
            <Button variant="destructive" onClick={() => askDeleteFiles(selectedFiles)}>
              <Trash2 className="size-4" /> Delete selected ({selectedFiles.length})
            </Button>
          ) : null}
          <CreateFolderDialog workspaceId={workspaceId} parentId={folderId} />
          <Button onClick={() => fileInput.current?.click()}>
            <Upload className="size-4" /> Upload files
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label="Choose files to upload"
            onChange={(e) => {
              upload(e.target.files);
              e.target.value = "";
            }}
          />
        </div>
      </div>

      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />

      {contents.isPending || (path && resolved.isPending) ? (
        <Loading />
      ) : contents.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
          <p className="text-destructive">Failed to load files. Please try again.</p>
          <Button variant="outline" onClick={() => contents.refetch()}>
            <RefreshCw className="size-4" /> Try again
          </Button>
        </div>
      ) : folders.length === 0 && files.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-12 text-center">
          <UploadCloud className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{folderId ? "This folder is empty" : "No files yet"}</p>
          <p className="text-sm text-muted-foreground">Upload evidence with the button above, or drop files here.</p>
        </div>
      ) : (
        <div className="rounded-lg border">
          <FilesTable
            folders={folders}
            files={files}
            folderHref={folderHref}
            selected={selected}
            downloading={downloading}
            onToggle={(id, checked) =>
              setSelected((s) => {
                const next = new Set(s);
                if (checked) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onToggleAll={(checked) => setSelected(checked ? new Set(files.map((f) => f.file_id)) : new Set())}
            onDownload={download}
            onDelete={(file) => askDeleteFiles([file])}
            onDeleteFolder={askDeleteFolder}
          />
        </div>
      )}

      {dragging ? (
        <div className="pointer-events-none absolute inset-2 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-primary/5">
          <p className="flex items-center gap-2 text-lg font-medium text-primary">
            <UploadCloud className="size-6" aria-hidden /> Drop files to upload
          </p>
        </div>
      ) : null}

      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

function Loading() {
  return (
    <div className="flex items-center gap-2 p-6 text-muted-foreground" role="status">
      <Spinner /> Loading files...
    </div>
  );
}
