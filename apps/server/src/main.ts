import { ConfigError, loadConfig } from "./config/env.js";
import { createServer } from "./server.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createServer(config);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Evidence Workbench on ${config.PUBLIC_URL} (database: ${config.DATABASE_URL ? "PostgreSQL" : "PGlite"} in ${config.DATA_DIR})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
