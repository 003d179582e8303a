import {
  AnalyzeBody,
  AnalyzeResponse,
  ExportExcelBody,
  QueryBody,
  QueryResponse,
  RetestBody,
} from "@workbench/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportExtractionWorkbook } from "../../services/export-excel.js";
import { analyzeDocument, queryDocument, RETEST_JOB_KIND } from "../../services/extraction.js";
import { attachmentHeader } from "../../storage/content-disposition.js";

const WorkspaceParams = z.object({ workspaceId: z.string() });
const Detail = z.object({ detail: z.string() }).passthrough();
const errors = { 400: Detail, 401: Detail, 404: Detail, 415: Detail, 422: Detail, 502: Detail };

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Attribute extraction: find items, judge attributes, retest and export the workpaper. */
export const extractionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/workspaces/:workspaceId/query",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["attribute extraction"],
        summary: "Find the requested items on an evidence image",
        params: WorkspaceParams,
        body: QueryBody,
        response: { 200: QueryResponse, ...errors },
      },
    },
    async (request) => queryDocument(app.deps, request.user.id, request.params.workspaceId, request.body),
  );

  app.post(
    "/workspaces/:workspaceId/analyze",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["attribute extraction"],
        summary: "Judge testing attributes against an evidence image (runs as a job and waits for it)",
        params: WorkspaceParams,
        body: AnalyzeBody,
        response: { 200: AnalyzeResponse, ...errors },
      },
    },
    async (request) => analyzeDocument(app.deps, request.user.id, request.params.workspaceId, request.body),
  );

  app.post(
    "/workspaces/:workspaceId/retest",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["attribute extraction"],
        summary: "Judge the remembered control description and attributes again",
        params: WorkspaceParams,
        body: RetestBody,
        response: { 200: AnalyzeResponse, ...errors },
      },
    },
    async (request) =>
      analyzeDocument(
        app.deps,
        request.user.id,
        request.params.workspaceId,
        {
          file_id: request.body.file_id,
          control_description: request.body.control_description,
          attributes: request.body.test_attributes,
        },
        RETEST_JOB_KIND,
      ),
  );

  app.post(
    "/workspaces/:workspaceId/export_excel",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["attribute extraction"],
        summary: "Download the extraction workpaper (.xlsx): annotated image plus item sheet",
        params: WorkspaceParams,
        body: ExportExcelBody,
        produces: [XLSX],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { buffer, filename } = await exportExtractionWorkbook(
        app.deps,
        request.user,
        request.params.workspaceId,
        request.body,
      );
      return reply.header("Content-Type", XLSX).header("Content-Disposition", attachmentHeader(filename)).send(buffer);
    },
  );
};
