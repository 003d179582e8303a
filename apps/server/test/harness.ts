import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type App, buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config/env.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";

export interface TestContext {
  app: App;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** A fresh, empty, migrated database of its own for one test file: in-memory PGlite, or a new PostgreSQL database. */
export function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  return openScratchDatabase(process.env.TEST_DATABASE_URL);
}

/**
 * A fresh, migrated database that `drop()` removes: a new database on the PostgreSQL server at
 * `baseUrl`, or in-memory PGlite without one. Tests and benchmarks use it alike.
 */
export async function openScratchDatabase(
  baseUrl: string | undefined,
  prefix = "wb_test",
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!baseUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, drop: async () => database.close() };
  }
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Builds the app on a fresh database with a temporary DATA_DIR; `env` overrides settings. */
export async function createTestContext(env: Record<string, string | undefined> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "wb-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
