import { Bot } from "lucide-react";
import { useSearchParams } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useJobs } from "@/features/agents/api/get-jobs";
import { JobDetailSheet } from "@/features/agents/components/job-detail-sheet";
import { JobStatusSummary } from "@/features/agents/components/job-status-summary";
import { JobsTable } from "@/features/agents/components/jobs-table";
import { useWorkspace } from "@/lib/workspace";

type Scope = "workspace" | "all";

/** The user's agent jobs: status, progress and, per job, the trace of every step. */
export default function AgentsPage() {
  const { activeWorkspace } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const scope: Scope = params.get("scope") === "all" || !activeWorkspace ? "all" : "workspace";
  const selectedId = params.get("job");
  const jobs = useJobs({ workspaceId: scope === "workspace" ? activeWorkspace?.id : undefined });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <Bot className="size-6" aria-hidden /> Agents
          </h1>
          <p className="text-sm text-muted-foreground">
            Jobs run by the AI agents, their progress and the trace of every step.
          </p>
        </div>
        {activeWorkspace && (
          <Tabs value={scope} onValueChange={(value) => update({ scope: value === "all" ? "all" : null })}>
            <TabsList>
              <TabsTrigger value="workspace">This workspace</TabsTrigger>
              <TabsTrigger value="all">All workspaces</TabsTrigger>
            </TabsList>
          </Tabs>
        )}
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Jobs</CardTitle>
          <CardDescription>
            {scope === "workspace" && activeWorkspace
              ? `In ${activeWorkspace.display_name ?? "this workspace"}, newest first.`
              : "In all your workspaces, newest first."}
            {jobs.data?.some((j) => j.status === "queued" || j.status === "running") && " Refreshing every 2 seconds."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {jobs.isPending && (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          )}
          {jobs.isError && <p className="text-sm text-red-700">Failed to load jobs. Please try again.</p>}
          {jobs.data && jobs.data.length === 0 && (
            <p className="py-10 text-center text-sm text-muted-foreground">
              No jobs yet. Extraction and testing runs appear here as they are queued.
            </p>
          )}
          {jobs.data && jobs.data.length > 0 && (
            <>
              <JobStatusSummary jobs={jobs.data} />
              <JobsTable jobs={jobs.data} selectedId={selectedId} onSelect={(id) => update({ job: id })} />
            </>
          )}
        </CardContent>
      </Card>

      <JobDetailSheet jobId={selectedId} onClose={() => update({ job: null })} />
    </div>
  );
}
