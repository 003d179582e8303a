import multipart, { type MultipartFile } from "@fastify/multipart";
import { ContentsResponse, DownloadResponse, UploadResponse } from "@workbench/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";
import {
  createDownloadUrl,
  deleteFile,
  listContents,
  maxUploadBytes,
  openSignedFile,
  type UploadPart,
  uploadFiles,
} from "../../services/files.js";
import { attachmentHeader } from "../../storage/content-disposition.js";
import { SIGNED_FILE_ROUTE } from "../../storage/index.js";
import { presentFolder } from "./presenters.js";

const WorkspaceParams = z.object({ workspaceId: z.string() });
const FileParams = WorkspaceParams.extend({ fileId: z.string() });
const FolderQuery = z.object({ folder_id: z.string().optional() });
const Detail = z.object({ detail: z.string() }).passthrough();

/** The file parts of a multipart request, one at a time, as the upload service reads them. */
async function* fileParts(request: FastifyRequest, maxBytes: number, maxMb: number): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type !== "file") continue;
    const file = part as MultipartFile;
    // The parser stops at maxBytes + 1; if it ever truncates, fail rather than keep a cut file.
    file.file.once("limit", () => {
      file.file.destroy(new PayloadTooLargeError(`'${file.filename}' is larger than the upload limit of ${maxMb} MB.`));
    });
    yield { filename: file.filename, stream: file.file };
  }
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = maxUploadBytes(app.deps.config);
  if (!app.hasRequestDecorator("isMultipart")) {
    await app.register(multipart, {
      // Keep the name as sent: a name with a path is refused, not silently shortened.
      preservePath: true,
      limits: { fileSize: maxBytes + 1, files: 50, fields: 20, parts: 100, headerPairs: 200 },
    });
  }

  app.post(
    "/workspaces/:workspaceId/files",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["files"],
        summary: "Upload one or more files (multipart/form-data)",
        consumes: ["multipart/form-data"],
        params: WorkspaceParams,
        querystring: FolderQuery,
        response: { 201: UploadResponse, 400: Detail, 404: Detail, 413: Detail, 415: Detail },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new UnsupportedMediaTypeError("Send the file as multipart/form-data with a part named 'file'.");
      }
      const stored = await uploadFiles(
        app.deps,
        request.user.id,
        request.params.workspaceId,
        request.query.folder_id,
        fileParts(request, maxBytes, app.deps.config.MAX_UPLOAD_MB),
        () => request.raw.destroyed || request.raw.aborted,
      );
      const first = stored[0]!;
      return reply
        .status(201)
        .send(
          stored.length === 1
            ? { file_id: first.id }
            : { file_id: first.id, files: stored.map((f) => ({ file_id: f.id, display_name: f.displayName })) },
        );
    },
  );

  app.get(
    "/workspaces/:workspaceId/contents",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["files"],
        summary: "Folders and files of the workspace root or of one folder",
        params: WorkspaceParams,
        querystring: FolderQuery,
        response: { 200: ContentsResponse, 404: Detail },
      },
    },
    async (request, reply) => {
      const contents = await listContents(
        app.deps,
        request.user.id,
        request.params.workspaceId,
        request.query.folder_id,
      );
      // The file list arrives as JSON from the database; the reply is assembled, not re-serialised.
      const body = `{"folders":${JSON.stringify(contents.folders.map(presentFolder))},"files":${contents.filesJson}}`;
      return reply
        .header("Cache-Control", "no-store")
        .type("application/json; charset=utf-8")
        .send(body as never);
    },
  );

  app.get(
    "/workspaces/:workspaceId/files/:fileId/download",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["files"],
        summary: "A short-lived signed URL for the file's bytes",
        params: FileParams,
        response: { 200: DownloadResponse, 404: Detail },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return createDownloadUrl(app.deps, request.user.id, request.params.workspaceId, request.params.fileId);
    },
  );

  app.delete(
    "/workspaces/:workspaceId/files/:fileId",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["files"],
        summary: "Delete a file and its bytes",
        params: FileParams,
        response: { 204: z.null(), 404: Detail },
      },
    },
    async (request, reply) => {
      await deleteFile(app.deps, request.user.id, request.params.workspaceId, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  // The signed token is the credential here: no session, so a plain link or <a download> works.
  app.get(
    SIGNED_FILE_ROUTE,
    {
      schema: {
        tags: ["files"],
        summary: "The bytes behind a local-disk download link",
        querystring: z.object({ token: z.string().max(8192) }),
      },
    },
    async (request, reply) => {
      const object = await openSignedFile(app.deps, request.query.token);
      return reply
        .header("Content-Type", object.contentType)
        .header("Content-Length", object.size)
        .header("Content-Disposition", attachmentHeader(object.filename))
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "sandbox; default-src 'none'")
        .header("Cache-Control", "private, no-store")
        .header("Access-Control-Allow-Origin", "*")
        .send(object.body);
    },
  );
};
