import type { AnalyzeResponse } from "@workbench/contracts";
import { apiJson } from "@/lib/api-client";

export interface AnalyzeDocumentInput {
  workspaceId: string;
  fileId: string;
  controlDescription: string;
  attributes: string[];
}

/** Judges each testing attribute against the evidence image. */
export function analyzeDocument(input: AnalyzeDocumentInput): Promise<AnalyzeResponse> {
  return apiJson<AnalyzeResponse>(`/workspaces/${input.workspaceId}/analyze`, {
    method: "POST",
    body: JSON.stringify({
      file_id: input.fileId,
      control_description: input.controlDescription,
      attributes: input.attributes,
    }),
  });
}
