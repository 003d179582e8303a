import type { Job, JobList } from "@workbench/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { isActive } from "../lib/job-format";

/** How often lists and details refresh while a job is queued or running. */
export const ACTIVE_REFRESH_MS = 2000;

export async function getJobs(options: { workspaceId?: string; limit?: number } = {}): Promise<Job[]> {
  const params = new URLSearchParams();
  if (options.limit) params.set("limit", String(options.limit));
  if (options.workspaceId) params.set("workspace_id", options.workspaceId);
  const query = params.size ? `?${params}` : "";
  const { jobs } = await apiJson<JobList>(`/jobs${query}`);
  return jobs;
}

export const getJobsQueryOptions = (options: { workspaceId?: string; limit?: number } = {}) =>
  queryOptions({
    queryKey: ["jobs", options.workspaceId ?? "all", options.limit ?? "default"],
    queryFn: () => getJobs(options),
    // Poll only while something can still change.
    refetchInterval: (query) => (query.state.data?.some((job) => isActive(job.status)) ? ACTIVE_REFRESH_MS : false),
  });

export function useJobs(options: { workspaceId?: string; limit?: number; enabled?: boolean } = {}) {
  const { enabled = true, ...rest } = options;
  return useQuery({ ...getJobsQueryOptions(rest), enabled });
}
