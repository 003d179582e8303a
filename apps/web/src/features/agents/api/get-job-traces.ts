import type { Trace, TraceList } from "@workbench/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ACTIVE_REFRESH_MS } from "./get-jobs";

export async function getJobTraces(jobId: string): Promise<Trace[]> {
  const { traces } = await apiJson<TraceList>(`/jobs/${encodeURIComponent(jobId)}/traces`);
  return traces;
}

export const getJobTracesQueryOptions = (jobId: string, active: boolean) =>
  queryOptions({
    queryKey: ["jobs", "traces", jobId],
    queryFn: () => getJobTraces(jobId),
    refetchInterval: active ? ACTIVE_REFRESH_MS : false,
  });

/** The job's traces; `active` keeps them refreshing while the job still runs. */
export function useJobTraces(jobId: string | null, active: boolean) {
  return useQuery({ ...getJobTracesQueryOptions(jobId ?? "", active), enabled: Boolean(jobId) });
}
