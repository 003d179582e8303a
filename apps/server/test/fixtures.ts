import path from "node:path";

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * The shared evidence fixtures live beside the repository (`../shared/fixtures`), in development
 * and in CI alike; FIXTURES_DIR points elsewhere when needed.
 */
export const FIXTURES_DIR = path.resolve(process.env.FIXTURES_DIR ?? path.join(REPO_ROOT, "..", "shared", "fixtures"));

export const EVIDENCE_DEV_DIR = path.join(FIXTURES_DIR, "evidence-dev");

export const evidencePath = (name: string) => path.join(EVIDENCE_DEV_DIR, name);
