import type { Job } from "@workbench/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { isActive } from "../lib/job-format";
import { ACTIVE_REFRESH_MS } from "./get-jobs";

export function getJob(jobId: string): Promise<Job> {
  return apiJson<Job>(`/jobs/${encodeURIComponent(jobId)}`);
}

export const getJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ["jobs", "detail", jobId],
    queryFn: () => getJob(jobId),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.status) ? ACTIVE_REFRESH_MS : false),
  });

export function useJob(jobId: string | null) {
  return useQuery({ ...getJobQueryOptions(jobId ?? ""), enabled: Boolean(jobId) });
}
