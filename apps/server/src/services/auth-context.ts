import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config/env.js";
import type { Db } from "../db/client.js";
import type { Mailer } from "../mail/index.js";

/** What the identity services need: the database, the settings, a mailer and a logger. */
export interface AuthContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Where a request asked to come back to, if it lies on this site; otherwise the site itself. */
export function safeRedirect(config: Pick<Config, "PUBLIC_URL">, redirectTo: string | undefined | null): string {
  if (!redirectTo) return config.PUBLIC_URL;
  try {
    const target = new URL(redirectTo);
    return target.origin === new URL(config.PUBLIC_URL).origin ? target.toString() : config.PUBLIC_URL;
  } catch {
    return config.PUBLIC_URL;
  }
}
