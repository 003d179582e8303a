import type { Trace } from "@workbench/contracts";
import { AlertCircle, Cpu, Timer } from "lucide-react";
import { cn } from "@/lib/utils";
import { formatDateTime, formatDuration } from "../lib/job-format";
import { JsonBlock } from "./json-block";

export function TraceTimeline({ traces }: { traces: Trace[] }) {
  if (!traces.length) {
    return <p className="text-sm text-muted-foreground">No steps recorded yet.</p>;
  }
  return (
    <ol className="relative space-y-4 border-l pl-5" aria-label="Trace timeline">
      {traces.map((trace, index) => (
        <li key={trace.id} className="relative">
          <span
            className={cn(
              "absolute top-1.5 -left-[26px] size-2.5 rounded-full border-2 border-background",
              trace.error ? "bg-red-500" : "bg-emerald-500",
            )}
            aria-hidden
          />
          <article
            aria-label={`Step ${index + 1}: ${trace.step}`}
            className={cn("space-y-2 rounded-lg border p-3", trace.error && "border-red-300 bg-red-50")}
          >
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h4 className="font-mono text-sm font-semibold">{trace.step}</h4>
              <time className="text-[11px] text-muted-foreground" dateTime={trace.created_at}>
                {formatDateTime(trace.created_at)}
              </time>
            </header>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              {(trace.provider || trace.model) && (
                <div className="flex items-center gap-1">
                  <Cpu className="size-3" aria-hidden />
                  <dt className="sr-only">Model</dt>
                  <dd>
                    {trace.provider ?? "—"} · {trace.model ?? "—"}
                  </dd>
                </div>
              )}
              <div className="flex items-center gap-1">
                <Timer className="size-3" aria-hidden />
                <dt className="sr-only">Latency</dt>
                <dd>{formatDuration(trace.latency_ms)}</dd>
              </div>
              {trace.total_tokens != null && (
                <div>
                  <dt className="sr-only">Tokens</dt>
                  <dd>
                    {trace.total_tokens} tokens ({trace.prompt_tokens ?? 0} in / {trace.completion_tokens ?? 0} out)
                  </dd>
                </div>
              )}
            </dl>
            {trace.error && (
              <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                {trace.error}
              </p>
            )}
            <JsonBlock label="Inputs" value={trace.inputs} />
            <JsonBlock label="Output" value={trace.output} />
          </article>
        </li>
      ))}
    </ol>
  );
}
