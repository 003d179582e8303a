import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { filesRoutes } from "./files.routes.js";
import { foldersRoutes } from "./folders.routes.js";

/** Files, folders and local download links, registered under /api/v1. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(filesRoutes);
  await app.register(foldersRoutes);
};
