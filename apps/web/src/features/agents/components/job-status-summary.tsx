import type { Job } from "@workbench/contracts";
import { cn } from "@/lib/utils";
import { countByStatus, STATUS_CLASS, STATUS_LABEL } from "../lib/job-format";

/** Run status at a glance: one bar split by status, with counts. */
export function JobStatusSummary({ jobs }: { jobs: Job[] }) {
  const counts = countByStatus(jobs.map((j) => j.status));
  const total = jobs.length;
  if (!total) return null;
  return (
    <section aria-label="Run status" className="space-y-2">
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted">
        {counts.map(({ status, count }) => (
          <div
            key={status}
            className={cn("h-full", STATUS_CLASS[status].bar)}
            style={{ width: `${(count / total) * 100}%` }}
            title={`${STATUS_LABEL[status]}: ${count}`}
          />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {counts.map(({ status, count }) => (
          <li key={status} className="flex items-center gap-1.5">
            <span className={cn("size-2 rounded-full", STATUS_CLASS[status].bar)} aria-hidden />
            {STATUS_LABEL[status]} <span className="font-medium text-foreground tabular-nums">{count}</span>
          </li>
        ))}
        <li className="ml-auto">
          {total} job{total === 1 ? "" : "s"}
        </li>
      </ul>
    </section>
  );
}
