import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const webDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/**
 * Serves the built single-page app and the run-time settings it needs (the public anonymous key
 * is read at run time, never baked into the build). Unknown non-API paths get index.html.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  app.get("/app-config.json", { schema: { hide: true } }, async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
    return {
      anonKey: config.ANON_KEY,
      googleEnabled: Boolean(config.GOOGLE_CLIENT_ID),
      blockedEmailDomains: config.BLOCKED_EMAIL_DOMAINS,
    };
  });

  if (!existsSync(webDist)) {
    app.log.warn(`web app not built (${webDist}); run 'npm run build -w apps/web'`);
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ["index.html"] });
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? "/";
    if (request.method !== "GET" || url.startsWith("/api/") || url.startsWith("/auth/")) {
      return reply.status(404).send({ detail: "Not found" });
    }
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });
}
