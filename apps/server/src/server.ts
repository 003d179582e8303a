import { buildApp, type App } from "./app.js";
import { type Config, loadConfig } from "./config/env.js";
import path from "node:path";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { registerWebApp } from "./plugins/web-app.js";

/** Opens the database, migrates it and builds the full app with the web front end. */
export async function createServer(config: Config = loadConfig()): Promise<App> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
  });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  await registerWebApp(app);
  app.addHook("onClose", async () => database.close());
  return app;
}
