import type { ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useCancelJob } from "../api/cancel-job";
import { useJob } from "../api/get-job";
import { useJobTraces } from "../api/get-job-traces";
import { formatDateTime, formatDuration, isActive, kindLabel } from "../lib/job-format";
import { JobStatusBadge } from "./job-status-badge";
import { JsonBlock } from "./json-block";
import { TraceTimeline } from "./trace-timeline";

/** A job's payload, result and the timeline of its steps, beside the list. */
export function JobDetailSheet({ jobId, onClose }: { jobId: string | null; onClose(): void }) {
  const job = useJob(jobId);
  const active = job.data ? isActive(job.data.status) : false;
  const traces = useJobTraces(jobId, active);
  const data = job.data;
  const cancel = useCancelJob();
  const onCancel = () =>
    cancel.mutate(jobId!, {
      onSuccess: () => toast.success("Job cancelled"),
      onError: (error) => toast.error("Cancel failed", { description: error.message }),
    });

  return (
    <Sheet open={Boolean(jobId)} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-2xl">
        <SheetHeader className="space-y-1 border-b p-5">
          <SheetTitle className="flex items-center gap-2 pr-8">
            {data ? kindLabel(data.kind) : "Job"}
            {data && <JobStatusBadge status={data.status} />}
          </SheetTitle>
          <SheetDescription className="font-mono text-xs">{jobId}</SheetDescription>
        </SheetHeader>

        <div className="space-y-6 px-5 pb-8">
          {job.isPending && <Spinner />}
          {job.isError && <p className="text-sm text-red-700">Failed to load the job.</p>}
          {data && (
            <>
              <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
                <Fact label="Created">{formatDateTime(data.created_at)}</Fact>
                <Fact label="Started">{formatDateTime(data.started_at)}</Fact>
                <Fact label="Duration">{formatDuration(data.duration_ms)}</Fact>
                <Fact label="Attempts">{data.attempts}</Fact>
              </dl>
              {active && (
                <Button variant="outline" size="sm" onClick={onCancel} disabled={cancel.isPending}>
                  {cancel.isPending ? "Cancelling..." : "Cancel job"}
                </Button>
              )}
              {data.progress_message && (
                <p className="text-sm text-muted-foreground">
                  {data.progress}% · {data.progress_message}
                </p>
              )}
              {data.error && (
                <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                  <span className="font-medium">Error: </span>
                  {data.error}
                </div>
              )}
              <section className="space-y-2">
                <h3 className="text-sm font-semibold">Payload</h3>
                <JsonBlock label="Payload summary" value={data.payload} defaultOpen />
              </section>
              <section className="space-y-2">
                <h3 className="text-sm font-semibold">Result</h3>
                <JsonBlock label="Result" value={data.result} defaultOpen={data.status === "completed"} />
              </section>
              <section className="space-y-3">
                <h3 className="text-sm font-semibold">
                  Traces {traces.data && <span className="text-muted-foreground">({traces.data.length})</span>}
                </h3>
                {traces.isPending ? <Spinner /> : <TraceTimeline traces={traces.data ?? []} />}
              </section>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** One labelled value in the job's header facts; kept on one line so dates do not break. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap">{children}</dd>
    </div>
  );
}
