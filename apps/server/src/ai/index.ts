import type { Config } from "../config/env.js";
import { createLocalProvider } from "./local/index.js";
import { createOpenAiProvider } from "./openai/index.js";
import type { AiProvider } from "./provider.js";

/** Picks the AI engine from the configuration: offline `local` by default, or an OpenAI-compatible endpoint. */
export function createAiProvider(config: Config): AiProvider {
  return config.AI_PROVIDER === "openai" ? createOpenAiProvider(config) : createLocalProvider(config);
}

export type { AiProvider } from "./provider.js";
