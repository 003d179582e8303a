import { type App, buildApp } from "./app.js";
import { createJobQueue } from "./jobs/queue.js";
import { loadConfigOrExit, openMigratedDatabase, serverOf, stopOnSignals } from "./server.js";

/**
 * `npm run worker`: runs job handlers only, for WORKER_MODE=separate deployments where API
 * servers just send jobs. A worker is the app without its HTTP listener, so handlers get exactly
 * the dependencies the API has.
 */
async function main() {
  const config = loadConfigOrExit();
  const database = await openMigratedDatabase(config);
  let app: App | undefined;
  const jobs = createJobQueue({
    config,
    database,
    deps: () => app!.deps,
    work: true,
    logger: { error: (obj, msg) => app?.log.error(obj, msg), warn: (obj, msg) => app?.log.warn(obj, msg) },
  });
  app = await buildApp({ config, database, jobs });
  // The queue is ours (not the app's): it stops first, letting running jobs finish, and only then
  // does the app close its hooks and the database.
  app.addHook("preClose", () => jobs.stop({ timeoutMs: 30_000 }));
  await app.ready();
  await jobs.start();
  app.log.info(`Job worker running ${[...jobs.definitions.keys()].join(", ")} (concurrency ${config.JOBS_CONCURRENCY})`);
  stopOnSignals(app.log, serverOf(app, database).stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
