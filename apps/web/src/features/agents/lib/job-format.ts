import type { JobStatus } from "@workbench/contracts";

export const STATUS_ORDER: JobStatus[] = ["running", "queued", "completed", "failed", "cancelled"];

export const STATUS_LABEL: Record<JobStatus, string> = {
  queued: "Queued",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** Badge and bar colours per status. */
export const STATUS_CLASS: Record<JobStatus, { badge: string; bar: string }> = {
  queued: { badge: "border-transparent bg-amber-100 text-amber-800", bar: "bg-amber-400" },
  running: { badge: "border-transparent bg-blue-100 text-blue-800", bar: "bg-blue-500" },
  completed: { badge: "border-transparent bg-emerald-100 text-emerald-800", bar: "bg-emerald-500" },
  failed: { badge: "border-transparent bg-red-100 text-red-800", bar: "bg-red-500" },
  cancelled: { badge: "border-transparent bg-zinc-200 text-zinc-700", bar: "bg-zinc-400" },
};

export function isActive(status: JobStatus): boolean {
  return status === "queued" || status === "running";
}

/** "850 ms", "12.4 s", "3 min 05 s", "1 h 02 min"; an em dash when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const totalSeconds = Math.floor(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min ${String(totalSeconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** Counts by status, in display order, leaving out statuses with no jobs. */
export function countByStatus(statuses: JobStatus[]): { status: JobStatus; count: number }[] {
  const counts = new Map<JobStatus, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return STATUS_ORDER.filter((s) => counts.has(s)).map((status) => ({ status, count: counts.get(status)! }));
}

/** "extract-items" → "Extract items", "extraction.analyze" → "Extraction analyze". */
export function kindLabel(kind: string): string {
  const words = kind.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
