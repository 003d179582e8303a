import { z } from "zod";
import { ANALYZE_JOB_EXPIRE_SECONDS, ANALYZE_JOB_KIND, RETEST_JOB_KIND } from "../../services/extraction.js";
import { loadEvidenceImage } from "../../services/extraction-evidence.js";
import { presentJudgement } from "../../services/extraction-results.js";
import { defineJob } from "../define-job.js";

const AnalyzePayload = z.object({
  file_id: z.string().min(1),
  control_description: z.string(),
  attributes: z.array(z.string().min(1)).min(1),
});

/**
 * Judges testing attributes against one evidence image. Someone waits for the answer on screen, so
 * a failure is reported at once rather than retried minutes later; the provider retries its own calls.
 */
function analyzeJob(name: string) {
  return defineJob({
    name,
    schema: AnalyzePayload,
    policy: { retryLimit: 0, expireInSeconds: ANALYZE_JOB_EXPIRE_SECONDS },
    summarize: (p) => ({ file_id: p.file_id, control_description: p.control_description, attributes: p.attributes }),
    async handler(payload, ctx) {
      if (!ctx.workspaceId) throw new Error("The job has no workspace");
      const { file, bytes } = await loadEvidenceImage(ctx.deps, ctx.userId, ctx.workspaceId, payload.file_id);
      await ctx.progress(20, `Reading ${file.displayName}`);
      const judged = await ctx.aiFor({ file_id: file.id }).judgeAttributes({
        image: bytes,
        controlDescription: payload.control_description,
        attributes: payload.attributes,
      });
      await ctx.progress(100, "Done");
      return presentJudgement(judged);
    },
  });
}

export const extractionAnalyzeJob = analyzeJob(ANALYZE_JOB_KIND);
export const extractionRetestJob = analyzeJob(RETEST_JOB_KIND);
