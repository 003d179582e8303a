import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config/env.js";
import type { Database } from "./db/client.js";
import { AppError } from "./errors.js";
import { createJobQueue, type JobQueue } from "./jobs/queue.js";
import type { AiProvider } from "./ai/provider.js";
import { createAiProvider } from "./ai/index.js";
import { authenticatePlugin } from "./plugins/authenticate.js";
import { rejectNulBytes } from "./plugins/reject-nul-bytes.js";
import { fileRoutes } from "./routes/files/index.js";
import { extractionRoutes } from "./routes/extraction/extraction.routes.js";
import { chatRoutes } from "./routes/chat/chat.routes.js";
import { healthRoutes } from "./routes/health/health.routes.js";
import { jobRoutes } from "./routes/jobs/jobs.routes.js";
import { authRoutes } from "./routes/auth/auth.routes.js";
import { workspaceRoutes } from "./routes/workspaces/workspaces.routes.js";
import { createStorage, type StorageDriver } from "./storage/index.js";

export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
  ai: AiProvider;
  storage: StorageDriver;
}

/** What callers must give buildApp; the rest is built from the configuration when not given. */
export type AppInput = Omit<AppDeps, "jobs" | "ai" | "storage"> & Partial<Pick<AppDeps, "jobs" | "ai" | "storage">>;

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

const withoutQuery = (url: string) => {
  const at = url.indexOf("?");
  return at === -1 ? url : `${url.slice(0, at)}?…`;
};

export async function buildApp(deps: AppInput): Promise<App> {
  const app = Fastify({
    logger:
      deps.config.LOG_LEVEL === "silent"
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            // Query strings carry one-time secrets (verification tokens, OAuth code and state).
            serializers: {
              req: (req) => ({ method: req.method, url: withoutQuery(req.url), remoteAddress: req.ip }),
            },
          },
    trustProxy: true,
    bodyLimit: 25 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", { ...deps, storage: deps.storage ?? (await createStorage(deps.config)) } as AppDeps);
  if (!deps.ai) {
    const ai = createAiProvider(deps.config);
    app.deps.ai = ai;
    app.addHook("onClose", () => ai.close());
  }
  // The job queue runs handlers here unless WORKER_MODE=separate; a caller may bring its own.
  if (!deps.jobs) {
    const jobs = createJobQueue({
      config: deps.config,
      database: deps.database,
      deps: () => app.deps,
      work: deps.config.WORKER_MODE === "inline",
      logger: app.log,
    });
    app.deps.jobs = jobs;
    app.addHook("onReady", () => jobs.start());
    // preClose: running jobs finish or go back to the queue before onClose hooks close the database.
    app.addHook("preClose", () => jobs.stop());
  }

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".") || undefined;
      const where = error.validationContext ?? "body";
      return reply.status(400).send({
        detail: `Invalid ${where}${field ? ` field '${field}'` : ""}: ${first?.message ?? "bad input"}`,
        field,
      });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: error.message, ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ detail: (error as Error).message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: "Internal server error" });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Evidence Workbench API", version: "1.0.0" },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(authenticatePlugin);
  await app.register(rejectNulBytes);

  // Feature routes, each a plugin under its prefix.
  await app.register(healthRoutes, { prefix: "/api/v1" });
  await app.register(fileRoutes, { prefix: "/api/v1" });
  await app.register(authRoutes, { prefix: "/auth/v1" });
  await app.register(workspaceRoutes, { prefix: "/api/v1" });
  await app.register(extractionRoutes, { prefix: "/api/v1" });
  await app.register(jobRoutes, { prefix: "/api/v1" });
  await app.register(chatRoutes, { prefix: "/api/v1" });

  return app;
}
