import type { Config } from "../config/env.js";
import type { AiProvider } from "./provider.js";

/**
 * Picks the AI engine from the configuration: offline `local` by default, or an OpenAI-compatible
 * endpoint. The chosen engine's modules (OCR and image libraries, or the OpenAI client) load on
 * the first AI call, so a server that never runs one does not carry them.
 */
export function createAiProvider(config: Config): AiProvider {
  let loading: Promise<AiProvider> | undefined;
  const load = () => {
    loading ??= (
      config.AI_PROVIDER === "openai"
        ? import("./openai/index.js").then((m) => m.createOpenAiProvider(config))
        : import("./local/index.js").then((m) => m.createLocalProvider(config))
    ).catch((error) => {
      loading = undefined; // a failed load must not poison later calls
      throw error;
    });
    return loading;
  };
  return {
    name: config.AI_PROVIDER === "openai" ? "openai" : "local",
    chat: async (request, options) => (await load()).chat(request, options),
    readText: async (image) => (await load()).readText(image),
    extractItems: async (image, queries) => (await load()).extractItems(image, queries),
    judgeAttributes: async (input) => (await load()).judgeAttributes(input),
    // Nothing to close when no call ever loaded the engine.
    close: async () => {
      if (loading) await (await loading.catch(() => undefined))?.close();
    },
  };
}

export type { AiProvider } from "./provider.js";
