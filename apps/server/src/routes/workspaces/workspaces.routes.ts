import { CreateWorkspaceBody, Workspace as WorkspaceSchema } from "@workbench/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Workspace } from "../../db/schema/index.js";
import { ensurePersonalWorkspaceOf, listWorkspaces } from "../../services/workspaces.js";

function presentWorkspace(workspace: Workspace) {
  return {
    id: workspace.id,
    display_name: workspace.displayName,
    type: workspace.type,
    created_at: workspace.createdAt.toISOString(),
  };
}

const ErrorBody = z.object({ detail: z.string() });

/** The caller's workspaces (section 7 of the spec). */
export async function workspaceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    "/workspaces/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["workspaces"],
        security: [{ bearer: [] }],
        response: { 200: z.array(WorkspaceSchema), 401: ErrorBody },
      },
    },
    async (request) => (await listWorkspaces(db, request.user.id)).map(presentWorkspace),
  );

  app.post(
    "/workspaces/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["workspaces"],
        security: [{ bearer: [] }],
        body: CreateWorkspaceBody.nullish(),
        response: { 200: WorkspaceSchema, 201: WorkspaceSchema, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { workspace, created } = await ensurePersonalWorkspaceOf(db, request.user.id, request.body?.display_name);
      return reply.status(created ? 201 : 200).send(presentWorkspace(workspace));
    },
  );
}
