import type { Job } from "@workbench/contracts";
import { Progress } from "@/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { formatDateTime, formatDuration, kindLabel } from "../lib/job-format";
import { JobStatusBadge } from "./job-status-badge";

export function JobsTable({
  jobs,
  selectedId,
  onSelect,
}: {
  jobs: Job[];
  selectedId: string | null;
  onSelect(jobId: string): void;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Kind</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Started</TableHead>
          <TableHead>Duration</TableHead>
          <TableHead className="w-[28%]">Progress</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow
            key={job.id}
            data-state={job.id === selectedId ? "selected" : undefined}
            className={cn("cursor-pointer", job.id === selectedId && "bg-muted")}
            onClick={() => onSelect(job.id)}
          >
            <TableCell>
              <button
                type="button"
                className="text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(job.id);
                }}
              >
                {kindLabel(job.kind)}
              </button>
              <div className="font-mono text-[11px] text-muted-foreground">{job.id.slice(0, 8)}</div>
            </TableCell>
            <TableCell>
              <JobStatusBadge status={job.status} />
              {job.attempts > 1 && <div className="mt-1 text-[11px] text-muted-foreground">attempt {job.attempts}</div>}
            </TableCell>
            <TableCell className="text-sm text-muted-foreground">
              {formatDateTime(job.started_at ?? job.created_at)}
            </TableCell>
            <TableCell className="text-sm tabular-nums">{formatDuration(job.duration_ms)}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <Progress value={job.progress} aria-label={`Progress of ${kindLabel(job.kind)}`} className="h-1.5" />
                <span className="w-9 text-right text-xs tabular-nums text-muted-foreground">{job.progress}%</span>
              </div>
              {job.progress_message && job.status === "running" && (
                <div className="mt-1 truncate text-[11px] text-muted-foreground">{job.progress_message}</div>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
