import { CheckCircle2, CircleAlert, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { UploadItem } from "../hooks/use-uploads";
import { formatBytes } from "../lib/format";

/** One row per file being uploaded, each with its own progress bar. */
export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <section aria-label="Uploads" className="space-y-2 rounded-lg border bg-muted/30 p-3">
      {items.map((item) => (
        <div key={item.id} className="flex items-center gap-3 text-sm">
          <div className="min-w-0 flex-1">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium" title={item.name}>
                {item.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {item.status === "failed"
                  ? "Failed"
                  : item.status === "done"
                    ? "Uploaded"
                    : item.status === "queued"
                      ? "Waiting…"
                      : `${item.progress}% of ${formatBytes(item.size)}`}
              </span>
            </div>
            <Progress
              value={item.progress}
              aria-label={`Uploading ${item.name}`}
              className={item.status === "failed" ? "mt-1 bg-destructive/20" : "mt-1"}
            />
            {item.error ? <p className="mt-1 text-xs text-destructive">{item.error}</p> : null}
          </div>
          {item.status === "done" ? <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden /> : null}
          {item.status === "failed" ? (
            <>
              <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
              <Button variant="ghost" size="icon" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.id)}>
                <X className="size-4" />
              </Button>
            </>
          ) : null}
        </div>
      ))}
    </section>
  );
}
