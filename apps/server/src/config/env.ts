import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// The nine most common consumer mail domains; sign-up needs a work address.
export const DEFAULT_BLOCKED_EMAIL_DOMAINS = [
  "gmail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "aol.com",
  "icloud.com",
  "protonmail.com",
  "live.com",
  "msn.com",
];

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const csv = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Evidence Workbench <no-reply@localhost>"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ANON_KEY: z.string().min(16).optional(),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).default(3600),
  AUTH_AUTOCONFIRM: bool.default(false),
  // Least time between two confirmation mails to one address (Supabase Auth uses 60 s).
  AUTH_EMAIL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  BLOCKED_EMAIL_DOMAINS: csv.default(DEFAULT_BLOCKED_EMAIL_DOMAINS),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: z.string().url().default("https://accounts.google.com"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(200),
  /** Lifetime of a signed download URL. */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(7 * 24 * 3600).default(300),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  AI_PROVIDER: z.enum(["local", "openai"]).default("local"),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_CHAT_MODEL: z.string().default("gpt-4o-mini"),
  AI_VISION_MODEL: z.string().default("gpt-4o"),
  AI_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  OCR_WORKERS: z.coerce.number().int().min(1).optional(),
  WORKER_MODE: z.enum(["inline", "separate"]).default("inline"),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(1),
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).default(2),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_000).default(900),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, "JWT_SECRET" | "ANON_KEY" | "PUBLIC_URL"> & {
  JWT_SECRET: string;
  ANON_KEY: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads a secret kept in DATA_DIR, creating it on first start. */
function persistedSecret(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = randomBytes(bytes).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/** Parses and checks every setting once; a bad value names its variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const env = parsed.data;
  const issues: string[] = [];
  if (env.STORAGE === "s3") {
    for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) issues.push(`${key}: required when STORAGE=s3`);
    }
  }
  if (env.AI_PROVIDER === "openai" && !env.AI_API_KEY && !env.AI_BASE_URL) {
    issues.push("AI_API_KEY: required when AI_PROVIDER=openai (or set AI_BASE_URL for a local endpoint)");
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    issues.push("GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
  }
  if (env.WORKER_MODE === "separate" && !env.DATABASE_URL) {
    issues.push("WORKER_MODE: 'separate' needs DATABASE_URL (the embedded database serves one process)");
  }
  if (issues.length) throw new ConfigError(issues);

  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    JWT_SECRET: env.JWT_SECRET ?? persistedSecret(dataDir, "jwt-secret", 48),
    ANON_KEY: env.ANON_KEY ?? persistedSecret(dataDir, "anon-key", 24),
  };
}
