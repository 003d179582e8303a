import path from "node:path";
import { type App, buildApp } from "./app.js";
import { type Config, ConfigError, loadConfig } from "./config/env.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { createJobQueue } from "./jobs/queue.js";

/**
 * `npm run worker`: runs job handlers only, for WORKER_MODE=separate deployments where API
 * servers just send jobs. A worker is the app without its HTTP listener, so handlers get exactly
 * the dependencies the API has.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
  });
  await runMigrations(database);
  let app: App | undefined;
  const jobs = createJobQueue({
    config,
    database,
    deps: () => app!.deps,
    work: true,
    logger: { error: (obj, msg) => app?.log.error(obj, msg), warn: (obj, msg) => app?.log.warn(obj, msg) },
  });
  app = await buildApp({ config, database, jobs });
  await app.ready();
  await jobs.start();
  app.log.info(`Job worker running ${[...jobs.definitions.keys()].join(", ")} (concurrency ${config.JOBS_CONCURRENCY})`);

  const shutdown = async (signal: string) => {
    app!.log.info(`${signal}: finishing running jobs, then stopping`);
    await jobs.stop({ timeoutMs: 30_000 });
    await app!.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
