export { AiProviderError, createOpenAiProvider, type OpenAiProviderConfig } from "./openai-provider.js";
export * from "./presets.js";
