import type { QueryResponse } from "@workbench/contracts";
import { apiJson } from "@/lib/api-client";

/** Finds each requested item on the image; queries are lowercased before sending (spec section 3). */
export function extractItems(input: {
  workspaceId: string;
  fileId: string;
  queries: string[];
}): Promise<QueryResponse> {
  return apiJson<QueryResponse>(`/workspaces/${input.workspaceId}/query`, {
    method: "POST",
    body: JSON.stringify({ file_id: input.fileId, user_queries: input.queries.map((q) => q.toLowerCase()) }),
  });
}
