import type { JobStatus } from "@workbench/contracts";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { STATUS_CLASS, STATUS_LABEL } from "../lib/job-format";

export function JobStatusBadge({ status, className }: { status: JobStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_CLASS[status].badge, className)} data-status={status}>
      {status === "running" && <span className="size-1.5 animate-pulse rounded-full bg-blue-600" aria-hidden />}
      {STATUS_LABEL[status]}
    </Badge>
  );
}
