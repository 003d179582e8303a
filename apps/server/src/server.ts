import path from "node:path";
import { buildApp, type App, type AppInput } from "./app.js";
import { type Config, ConfigError, loadConfig } from "./config/env.js";
import { type Database, openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { registerWebApp } from "./plugins/web-app.js";

/** Loads the settings for a process entry point; a bad setting ends the process with its message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the configured database (PostgreSQL, or the embedded PGlite in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
  });
  await runMigrations(database);
  return database;
}

/** A running app and the database it uses; the database outlives the app and is closed by `stop`. */
export interface Server {
  app: App;
  database: Database;
  /**
   * Stops in the one safe order: the job queue (preClose: running jobs finish or go back to the
   * queue), then HTTP and every onClose hook (AI engine, mailer), then the database. Closing the
   * embedded database while a job or hook still queries it aborts its WebAssembly runtime.
   */
  stop(): Promise<void>;
}

export function serverOf(app: App, database: Database): Server {
  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    stop: () =>
      (stopping ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      })()),
  };
}

/** Opens the database, migrates it and builds the full app with the web front end. */
export async function createServer(config: Config = loadConfig(), input: Partial<AppInput> = {}): Promise<Server> {
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ ...input, config, database });
  await registerWebApp(app);
  return serverOf(app, database);
}

/**
 * Stops the process cleanly on SIGINT or SIGTERM: `stop` runs once; a second signal while it runs
 * ends the process at once, so an impatient operator is never stuck.
 */
export function stopOnSignals(log: { info(msg: string): void; error(obj: unknown, msg: string): void }, stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info(`${signal}: shutting down`);
    stop().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
