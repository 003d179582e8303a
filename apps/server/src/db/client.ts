import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL: parameterised statements through `query`, multi-statement scripts through `exec`. */
export interface SqlExecutor {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  sql: SqlExecutor;
  /** Connection string for PostgreSQL; undefined for PGlite. */
  url?: string;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
}

/** Closing twice (a shutdown hook after a test closed it) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", () => {}); // idle-client errors are reported by the query that next fails
    return {
      kind: "postgres",
      db: drizzlePg(pool, { schema }) as unknown as Db,
      url: options.databaseUrl,
      pool,
      sql: {
        query: async (text, values) => pool.query(text, values as unknown[]) as never,
        exec: async (text) => {
          await pool.query(text);
        },
      },
      close: once(() => pool.end()),
    };
  }
  const pglite = options.pgliteDir ? new PGlite(path.resolve(options.pgliteDir)) : new PGlite();
  await pglite.waitReady;
  return {
    kind: "pglite",
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    pglite,
    sql: {
      query: async (text, values) => pglite.query(text, values as unknown[]) as never,
      // PGlite runs one statement per query(); scripts go through exec().
      exec: async (text) => {
        await pglite.exec(text);
      },
    },
    close: once(() => pglite.close()),
  };
}
