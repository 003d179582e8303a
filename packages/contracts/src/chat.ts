import { z } from "zod";

/** Chat defaults (spec section 9). */
export const CHAT_DEFAULT_MODEL = "gpt-4o-mini";
export const CHAT_DEFAULT_TEMPERATURE = 0.7;

export const ChatContentPart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({
    type: z.literal("image_url"),
    image_url: z.object({ url: z.string().min(1), detail: z.enum(["auto", "low", "high"]).optional() }),
  }),
]);
export type ChatContentPart = z.infer<typeof ChatContentPart>;

export const ChatMessage = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.union([z.string(), z.array(ChatContentPart).min(1)]),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** OpenAI-compatible options passed through as they are; anything else is dropped. */
const ChatExtras = {
  top_p: z.number().min(0).max(1).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).optional(),
  seed: z.number().int().optional(),
  response_format: z.object({ type: z.enum(["text", "json_object"]) }).optional(),
  max_completion_tokens: z.number().int().positive().optional(),
};
export const CHAT_EXTRA_KEYS = Object.keys(ChatExtras) as (keyof typeof ChatExtras)[];

export const ChatCompletionBody = z.object({
  messages: z.array(ChatMessage).min(1, "messages must not be empty"),
  model: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).default(CHAT_DEFAULT_TEMPERATURE),
  max_tokens: z.number().int().positive().optional(),
  ...ChatExtras,
});
export type ChatCompletionBody = z.input<typeof ChatCompletionBody>;

export const ChatUsage = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

export const ChatCompletionResponse = z.object({
  completion: z.string(),
  usage: ChatUsage.nullable(),
  model: z.string(),
});
export type ChatCompletionResponse = z.infer<typeof ChatCompletionResponse>;
