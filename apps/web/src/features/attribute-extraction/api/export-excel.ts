import type { ExportExcelBody } from "@workbench/contracts";
import { apiBlob } from "@/lib/api-client";

export function defaultExportFilename(now = new Date()): string {
  return `attribute-extraction-${now.toISOString().slice(0, 10)}.xlsx`;
}

/** Asks the server for the workpaper; the name comes from Content-Disposition or a dated default. */
export async function exportToExcel(input: {
  workspaceId: string;
  fileId: string;
  boxes: ExportExcelBody["boxes"];
}): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await apiBlob(`/workspaces/${input.workspaceId}/export_excel`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ file_id: input.fileId, boxes: input.boxes }),
  });
  return { blob, filename: filename ?? defaultExportFilename() };
}
