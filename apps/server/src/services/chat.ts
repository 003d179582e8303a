import { CHAT_EXTRA_KEYS, type ChatCompletionResponse, ChatCompletionBody } from "@workbench/contracts";
import type { z } from "zod";
import type { AiProvider, ChatRequest } from "../ai/provider.js";

/** One chat completion through the configured provider; the provider fills in its default model. */
export async function completeChat(
  ai: AiProvider,
  body: z.output<typeof ChatCompletionBody>,
): Promise<ChatCompletionResponse> {
  const extras: Record<string, unknown> = {};
  for (const key of CHAT_EXTRA_KEYS) if (body[key] !== undefined) extras[key] = body[key];
  const request: ChatRequest = {
    messages: body.messages,
    model: body.model,
    temperature: body.temperature,
    max_tokens: body.max_tokens,
    extras,
  };
  const result = await ai.chat(request);
  return { completion: result.completion, usage: result.usage ?? null, model: result.model };
}
