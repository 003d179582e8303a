import type { RetestResponse } from "@workbench/contracts";
import { apiJson } from "@/lib/api-client";

/** Runs the remembered control description and attributes against the document again. */
export function retestDocument(input: {
  workspaceId: string;
  fileId: string;
  controlDescription: string;
  testAttributes: string[];
}): Promise<RetestResponse> {
  return apiJson<RetestResponse>(`/workspaces/${input.workspaceId}/retest`, {
    method: "POST",
    body: JSON.stringify({
      file_id: input.fileId,
      control_description: input.controlDescription,
      test_attributes: input.testAttributes,
    }),
  });
}
