import { CreateFolderBody, FolderItem, RenameFolderBody, ResolveFolderResponse } from "@workbench/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createFolder, deleteFolder, renameFolder, resolveFolderPath } from "../../services/files-folders.js";
import { presentFolder } from "./presenters.js";

const WorkspaceParams = z.object({ workspaceId: z.string() });
const FolderParams = WorkspaceParams.extend({ folderId: z.string() });
const Detail = z.object({ detail: z.string() }).passthrough();

export const foldersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/workspaces/:workspaceId/folders",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["folders"],
        summary: "Create a folder at the root or inside parent_id",
        params: WorkspaceParams,
        body: CreateFolderBody,
        response: { 201: FolderItem, 400: Detail, 404: Detail, 409: Detail },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(app.deps, request.user.id, request.params.workspaceId, request.body);
      return reply.status(201).send(presentFolder(folder));
    },
  );

  app.patch(
    "/workspaces/:workspaceId/folders/:folderId",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["folders"],
        summary: "Rename a folder",
        params: FolderParams,
        body: RenameFolderBody,
        response: { 200: FolderItem, 400: Detail, 404: Detail, 409: Detail },
      },
    },
    async (request) => {
      const { workspaceId, folderId } = request.params;
      return presentFolder(await renameFolder(app.deps, request.user.id, workspaceId, folderId, request.body));
    },
  );

  app.delete(
    "/workspaces/:workspaceId/folders/:folderId",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["folders"],
        summary: "Delete a folder; it must be empty unless recursive=true",
        params: FolderParams,
        querystring: z.object({ recursive: z.enum(["true", "false"]).optional() }),
        response: { 204: z.null(), 404: Detail, 409: Detail },
      },
    },
    async (request, reply) => {
      const { workspaceId, folderId } = request.params;
      await deleteFolder(app.deps, request.user.id, workspaceId, folderId, {
        recursive: request.query.recursive === "true",
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/workspaces/:workspaceId/folders/resolve",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["folders"],
        summary: "The folder chain for a path like a/b/c (each segment by name or display name)",
        params: WorkspaceParams,
        querystring: z.object({ path: z.string().max(4096) }),
        response: { 200: ResolveFolderResponse, 404: Detail },
      },
    },
    async (request, reply) => {
      const chain = await resolveFolderPath(app.deps, request.user.id, request.params.workspaceId, request.query.path);
      reply.header("Cache-Control", "no-store");
      return { folders: chain.map(presentFolder) };
    },
  );
};
