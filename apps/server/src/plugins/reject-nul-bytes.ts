import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BadRequestError } from "../errors.js";

export interface RejectNulBytesOptions {
  /** The error to throw, so a route family can answer in its own error shape. */
  error?: (message: string, field: string | undefined) => Error;
}

// Deeper than any body the API takes; a deeper one is refused rather than walked.
const MAX_DEPTH = 64;

/** Where the first string holding a NUL character sits ("" for the value itself), or undefined. */
export function findNulByte(value: unknown, path = "", depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (value === null || typeof value !== "object") return undefined;
  if (depth > MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return childPath;
    const found = findNulByte(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses text holding a NUL character before validation. PostgreSQL cannot store it in text or
 * jsonb, so without this check such input reached the database and failed there as a 500.
 */
export const rejectNulBytes = fp<RejectNulBytesOptions>(async (app, options) => {
  const toError =
    options.error ?? ((message: string, field: string | undefined) => new BadRequestError(message, { field }));
  app.addHook("preValidation", async (request: FastifyRequest) => {
    for (const [where, value] of [
      ["body", request.body],
      ["querystring", request.query],
      ["params", request.params],
    ] as const) {
      const field = findNulByte(value);
      if (field === undefined) continue;
      throw toError(
        `Invalid ${where}${field ? ` field '${field}'` : ""}: text must not contain NUL characters`,
        field || undefined,
      );
    }
  });
});
