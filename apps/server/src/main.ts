import { createServer, loadConfigOrExit, stopOnSignals } from "./server.js";

async function main() {
  const config = loadConfigOrExit();
  const server = await createServer(config);
  stopOnSignals(server.app.log, server.stop);
  await server.app.listen({ port: config.PORT, host: config.HOST });
  server.app.log.info(
    `Evidence Workbench on ${config.PUBLIC_URL} (database: ${config.DATABASE_URL ? "PostgreSQL" : "PGlite"} in ${config.DATA_DIR})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
