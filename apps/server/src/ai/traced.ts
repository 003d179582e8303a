import { createHash } from "node:crypto";
import type { AiProvider, CallMeta, Usage } from "./provider.js";

/** One recorded step: what went in, what came out, which model, what it cost. */
export interface TraceRecord {
  step: string;
  inputs: Record<string, unknown>;
  output: unknown;
  provider?: string;
  model?: string;
  usage?: Usage;
  latencyMs: number;
  error?: string;
}

export type TraceSink = (record: TraceRecord) => Promise<void>;

const DATA_URL = /^data:([\w/+.-]+);base64,/;

/** Traces keep references, never bytes: buffers become size and hash, data URLs their type and size. */
export function redactForTrace(value: unknown, depth = 0): unknown {
  if (depth > 12) return "…";
  if (Buffer.isBuffer(value)) {
    return { bytes: value.length, sha256: createHash("sha256").update(value).digest("hex") };
  }
  if (typeof value === "string") {
    const match = DATA_URL.exec(value);
    if (match) return `data:${match[1]};base64,… (${Math.floor(((value.length - match[0].length) * 3) / 4)} bytes)`;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => redactForTrace(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactForTrace(v, depth + 1)]));
  }
  return value;
}

function splitMeta(result: unknown): { meta: Partial<CallMeta>; output: unknown } {
  if (!result || typeof result !== "object" || Array.isArray(result)) return { meta: {}, output: result };
  const { provider, model, usage, ...output } = result as Partial<CallMeta> & Record<string, unknown>;
  if (typeof provider !== "string" && typeof model !== "string") return { meta: {}, output: result };
  return { meta: { provider, model, usage }, output };
}

/** Runs one step, timing it and handing the record to the sink whether it succeeds or throws. */
export async function runTraced<T>(
  sink: TraceSink,
  step: string,
  fn: () => Promise<T>,
  inputs: Record<string, unknown> = {},
): Promise<T> {
  const started = performance.now();
  try {
    const result = await fn();
    const { meta, output } = splitMeta(result);
    await sink({
      step,
      inputs: redactForTrace(inputs) as Record<string, unknown>,
      output: redactForTrace(output),
      ...meta,
      latencyMs: Math.round(performance.now() - started),
    });
    return result;
  } catch (error) {
    await sink({
      step,
      inputs: redactForTrace(inputs) as Record<string, unknown>,
      output: null,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * The provider with every call traced. `imageRef` names the image in the trace (e.g. its file id)
 * so traces point at stored files instead of copying them.
 */
export function traced(
  provider: AiProvider,
  sink: TraceSink,
  options: { imageRef?: Record<string, unknown> } = {},
): AiProvider {
  const image = (buffer: Buffer) => ({ ...options.imageRef, ...(redactForTrace(buffer) as object) });
  return {
    name: provider.name,
    chat: (request, callOptions) =>
      runTraced(sink, "ai.chat", () => provider.chat(request, callOptions), { ...request }),
    readText: (buffer) => runTraced(sink, "ai.readText", () => provider.readText(buffer), { image: image(buffer) }),
    extractItems: (buffer, queries) =>
      runTraced(sink, "ai.extractItems", () => provider.extractItems(buffer, queries), {
        image: image(buffer),
        queries,
      }),
    judgeAttributes: (input) =>
      runTraced(sink, "ai.judgeAttributes", () => provider.judgeAttributes(input), {
        image: image(input.image),
        controlDescription: input.controlDescription,
        attributes: input.attributes,
      }),
    close: () => provider.close(),
  };
}
