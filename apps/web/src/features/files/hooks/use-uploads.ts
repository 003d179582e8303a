import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { contentsKey } from "../api/get-contents";
import { uploadFile } from "../api/upload-file";
import { errorMessage } from "../lib/format";

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  progress: number;
  status: "queued" | "uploading" | "done" | "failed";
  error?: string;
}

/** How many files go up at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;
/** How long a finished upload stays in the list. */
const DONE_LINGER_MS = 4000;

/**
 * Uploads files one request each, so every file has its own progress bar. The listing is
 * refreshed after each file and a toast names it.
 */
export function useUploads(workspaceId: string | undefined) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const start = useCallback(
    async (files: File[], folderId: string | null) => {
      if (!workspaceId || files.length === 0) return;
      const batch = files.map((file) => ({ file, id: `upload-${++counter.current}` }));
      setItems((all) => [
        ...all,
        ...batch.map(({ file, id }) => ({
          id,
          name: file.name,
          size: file.size,
          progress: 0,
          status: "queued" as const,
        })),
      ]);
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { file, id } = next;
          update(id, { status: "uploading" });
          try {
            await uploadFile({ workspaceId, folderId, file, onProgress: (progress) => update(id, { progress }) });
            update(id, { status: "done", progress: 100 });
            toast.success("File uploaded", { description: `Successfully uploaded ${file.name}` });
            await queryClient.invalidateQueries({ queryKey: contentsKey(workspaceId) });
            setTimeout(() => setItems((all) => all.filter((item) => item.id !== id)), DONE_LINGER_MS);
          } catch (error) {
            const message = errorMessage(error) ?? "Failed to upload the file";
            update(id, { status: "failed", error: message });
            toast.error("Upload failed", { description: `${file.name}: ${message}` });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, batch.length) }, worker));
    },
    [workspaceId, queryClient, update],
  );

  const dismiss = useCallback((id: string) => setItems((all) => all.filter((item) => item.id !== id)), []);

  /** Drops uploads that have finished (or failed); those still under way stay visible. */
  const clearFinished = useCallback(
    () =>
      setItems((all) => {
        const running = all.filter((item) => item.status === "queued" || item.status === "uploading");
        return running.length === all.length ? all : running;
      }),
    [],
  );

  return { items, start, dismiss, clearFinished };
}
