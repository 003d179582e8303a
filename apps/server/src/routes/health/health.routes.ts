import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean(), latency_ms: z.number() }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const { database } = app.deps;
      const started = performance.now();
      const ok = await database.sql
        .query("SELECT 1")
        .then(() => true)
        .catch(() => false);
      const body = {
        status: ok ? ("ok" as const) : ("degraded" as const),
        database: { kind: database.kind, ok, latency_ms: Math.round((performance.now() - started) * 100) / 100 },
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
