import type { Job } from "@workbench/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export function cancelJob(jobId: string): Promise<Job> {
  return apiJson<Job>(`/jobs/${encodeURIComponent(jobId)}/cancel`, { method: "POST" });
}

/** Cancels a job, then refreshes every job list and the job's own queries. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (job) => {
      queryClient.setQueryData(["jobs", "detail", job.id], job);
      void queryClient.invalidateQueries({ queryKey: ["jobs"] });
    },
  });
}
