import { EXPORT_FILE_REQUIRED, EXPORT_WORKSPACE_REQUIRED, type ExportBox } from "@workbench/contracts";
import type { AppDeps } from "../app.js";
import { BadRequestError } from "../errors.js";
import { buildExtractionWorkbook } from "../export/extraction-workbook.js";
import { loadEvidenceImage } from "./extraction-evidence.js";
import { requireWorkspace } from "./workspaces.js";

export type ExportDeps = Pick<AppDeps, "database" | "storage">;

/** A client that lost its ids sends these in the path; they mean "missing", not "unknown". */
const MISSING_IDS = new Set(["", "undefined", "null"]);
const isMissing = (id: string | undefined) => id == null || MISSING_IDS.has(id.trim());

/** "<source name without extension>-extraction-<YYYY-MM-DD>.xlsx" */
export function exportFilename(sourceName: string, at: Date): string {
  const base = sourceName.replace(/\.[^.]+$/, "").trim() || "evidence";
  return `${base}-extraction-${at.toISOString().slice(0, 10)}.xlsx`;
}

/** Builds the extraction workpaper for one evidence image of the caller's workspace. */
export async function exportExtractionWorkbook(
  deps: ExportDeps,
  user: { id: string; email: string },
  workspaceId: string | undefined,
  input: { file_id?: string; boxes: ExportBox[] },
  now = new Date(),
): Promise<{ buffer: Buffer; filename: string }> {
  if (isMissing(workspaceId)) throw new BadRequestError(EXPORT_WORKSPACE_REQUIRED, { field: "workspace_id" });
  if (isMissing(input.file_id)) throw new BadRequestError(EXPORT_FILE_REQUIRED, { field: "file_id" });
  const workspace = await requireWorkspace(deps.database.db, user.id, workspaceId!);
  const { file, bytes } = await loadEvidenceImage(deps, user.id, workspace.id, input.file_id!);
  const buffer = await buildExtractionWorkbook({
    image: bytes,
    boxes: input.boxes,
    source: { fileId: file.id, name: file.displayName, sha256: file.sha256 },
    workspace: { id: workspace.id, name: workspace.displayName },
    exportedBy: user.email,
    exportedAt: now,
  });
  return { buffer, filename: exportFilename(file.displayName, now) };
}
