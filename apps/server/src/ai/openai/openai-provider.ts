import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import pLimit from "p-limit";
import type { z } from "zod";
import type { Config } from "../../config/env.js";
import { AppError } from "../../errors.js";
import type { AiProvider, ChatContentPart, ChatMessage, ChatRequest, ChatResult, OcrLine, Usage } from "../provider.js";
import { imageDataUrl, imageSize } from "./image.js";
import { CHAT_DEFAULTS, IMAGE_EXTRACTION_SETTINGS, JUDGE_SETTINGS, READ_TEXT_SETTINGS } from "./presets.js";
import { ExtractItemsOutput, JudgeAttributesOutput, ReadTextOutput, ZERO_BOX } from "./schemas.js";

export type OpenAiProviderConfig = Pick<
  Config,
  | "AI_BASE_URL"
  | "AI_API_KEY"
  | "AI_CHAT_MODEL"
  | "AI_VISION_MODEL"
  | "AI_CONCURRENCY"
  | "AI_TIMEOUT_MS"
  | "AI_MAX_RETRIES"
>;

/** The provider answered something unusable, or could not be reached: a gateway problem, not the caller's. */
export class AiProviderError extends AppError {
  constructor(status: 502 | 504, message: string) {
    super(status, message);
  }
}

const BOX_RULE =
  "Boxes are fractions of the image size between 0 and 1, measured from the top-left corner: x and y are the left and top edges, width and height the size.";

function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

export function createOpenAiProvider(config: OpenAiProviderConfig): AiProvider {
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL,
    // Local OpenAI-compatible servers (vLLM, Ollama) take any key; the SDK insists on one.
    apiKey: config.AI_API_KEY ?? "not-needed",
    timeout: config.AI_TIMEOUT_MS,
    // The SDK retries 408, 409, 429, 5xx and connection failures with exponential back-off,
    // honouring retry-after headers.
    maxRetries: config.AI_MAX_RETRIES,
  });
  const limit = pLimit(config.AI_CONCURRENCY);
  const endpoint = config.AI_BASE_URL ?? "https://api.openai.com/v1";

  async function complete(
    params: ChatCompletionCreateParamsNonStreaming,
    signal?: AbortSignal,
  ): Promise<{ completion: string; model: string; usage?: Usage }> {
    try {
      const response = await limit(() => client.chat.completions.create(params, { signal }));
      const usage = response.usage
        ? {
            prompt_tokens: response.usage.prompt_tokens,
            completion_tokens: response.usage.completion_tokens,
            total_tokens: response.usage.total_tokens,
          }
        : undefined;
      return { completion: response.choices[0]?.message?.content ?? "", model: response.model || params.model, usage };
    } catch (error) {
      if (error instanceof APIUserAbortError) throw error;
      if (error instanceof APIConnectionTimeoutError) {
        throw new AiProviderError(504, `The AI provider did not answer within ${config.AI_TIMEOUT_MS} ms`);
      }
      if (error instanceof APIConnectionError) {
        throw new AiProviderError(502, `Could not reach the AI provider at ${endpoint}`);
      }
      // The provider's words on a refused key can quote part of it; callers need not see them.
      if (error instanceof APIError && (error.status === 401 || error.status === 403)) {
        throw new AiProviderError(502, `The AI provider refused the server's credentials (${error.status}); check AI_API_KEY.`);
      }
      if (error instanceof APIError) {
        throw new AiProviderError(502, `The AI provider answered ${error.status}: ${error.message}`);
      }
      throw error;
    }
  }

  /**
   * Asks for a JSON object and validates it. One repair round: the invalid answer and what was
   * wrong with it go back to the model, which usually fixes a missing field or a stray sentence.
   */
  async function completeJson<S extends z.ZodType>(
    schema: S,
    params: ChatCompletionCreateParamsNonStreaming,
  ): Promise<{ value: z.output<S>; model: string; usage?: Usage }> {
    const request = { ...params, response_format: { type: "json_object" as const } };
    const first = await complete(request);
    const firstCheck = parseJson(schema, first.completion);
    if (firstCheck.ok) return { value: firstCheck.value, model: first.model, usage: first.usage };

    const repair = await complete({
      ...request,
      messages: [
        ...request.messages,
        { role: "assistant", content: first.completion },
        {
          role: "user",
          content: `Your answer was not valid: ${firstCheck.problem}. Reply again with only the corrected JSON object, in the shape asked for.`,
        },
      ],
    });
    const usage = addUsage(first.usage, repair.usage);
    const secondCheck = parseJson(schema, repair.completion);
    if (secondCheck.ok) return { value: secondCheck.value, model: repair.model, usage };
    throw new AiProviderError(502, `The AI provider returned invalid JSON twice: ${secondCheck.problem}`);
  }

  async function visionJson<S extends z.ZodType>(
    schema: S,
    image: Buffer,
    system: string,
    instruction: string,
    settings: { temperature: number; max_tokens: number },
  ) {
    const url = await imageDataUrl(image);
    return completeJson(schema, {
      model: config.AI_VISION_MODEL,
      temperature: settings.temperature,
      max_tokens: settings.max_tokens,
      messages: [
        { role: "system", content: system },
        {
          role: "user",
          content: [
            { type: "text", text: instruction },
            { type: "image_url", image_url: { url } },
          ],
        },
      ],
    });
  }

  return {
    name: "openai",

    async chat(request: ChatRequest, options?: { signal?: AbortSignal }): Promise<ChatResult> {
      const params = {
        ...request.extras,
        model: request.model ?? config.AI_CHAT_MODEL,
        temperature: request.temperature ?? CHAT_DEFAULTS.temperature,
        ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
        messages: request.messages.map(toSdkMessage),
        stream: false,
      } as ChatCompletionCreateParamsNonStreaming;
      const answer = await complete(params, options?.signal);
      return { provider: "openai", ...answer };
    },

    async readText(image) {
      const [size, answer] = await Promise.all([
        imageSize(image),
        visionJson(
          ReadTextOutput,
          image,
          `You transcribe images of audit evidence. Answer with a JSON object {"lines":[{"text":string,"box":{"x":number,"y":number,"width":number,"height":number}}]}, one entry per line of text, top to bottom. ${BOX_RULE}`,
          "Transcribe every line of text in this image.",
          READ_TEXT_SETTINGS,
        ),
      ]);
      const lines: OcrLine[] = answer.value.lines.map((line) => ({
        text: line.text,
        confidence: READ_TEXT_SETTINGS.confidence,
        box: line.box,
        // The model reads lines, not words; each line is its own single word entry.
        words: [{ text: line.text, confidence: READ_TEXT_SETTINGS.confidence, box: line.box }],
      }));
      return {
        provider: "openai" as const,
        model: answer.model,
        usage: answer.usage,
        width: size.width,
        height: size.height,
        text: lines.map((l) => l.text).join("\n"),
        lines,
      };
    },

    async extractItems(image, queries) {
      const asked = queries.map((q) => q.toLowerCase());
      const answer = await visionJson(
        ExtractItemsOutput,
        image,
        `You find requested items in images of audit evidence (screenshots, reports, receipts). Answer with a JSON object {"results":[{"query":string,"answer":string,"box":{"x":number,"y":number,"width":number,"height":number}}]} with one result per requested item, in the order asked. "answer" is the value exactly as written in the image; when an item is not in the image, answer "" with a box of zeros. ${BOX_RULE}`,
        `Find these items:\n${asked.map((q, i) => `${i + 1}. ${q}`).join("\n")}`,
        IMAGE_EXTRACTION_SETTINGS,
      );
      const results = answer.value.results;
      const items = asked.map((query, index) => {
        const found =
          results.find((r) => r.query.trim().toLowerCase() === query) ??
          (results.length === asked.length ? results[index] : undefined);
        const value = found?.answer.trim() ?? "";
        return value
          ? { query, answer: value, confidence: IMAGE_EXTRACTION_SETTINGS.confidence, box: found!.box }
          : { query, answer: "", confidence: 0, box: ZERO_BOX };
      });
      return { provider: "openai" as const, model: answer.model, usage: answer.usage, items };
    },

    async judgeAttributes({ image, controlDescription, attributes }) {
      const answer = await visionJson(
        JudgeAttributesOutput,
        image,
        `You are an auditor testing a control against evidence. For each testing attribute decide "pass", "fail" or "inconclusive" from what the evidence image shows, explain why in one or two sentences, and mark the evidence you relied on as tick marks labelled A, B, C... Answer with a JSON object {"attributes":[{"attribute":string,"status":"pass"|"fail"|"inconclusive","reasoning":string,"tick_marks":[{"label":string,"text":string,"box":{"x":number,"y":number,"width":number,"height":number}}]}],"conclusion":string}, one entry per attribute in the order given. ${BOX_RULE}`,
        `Control description:\n${controlDescription}\n\nTesting attributes:\n${attributes.map((a, i) => `${i + 1}. ${a}`).join("\n")}`,
        JUDGE_SETTINGS,
      );
      const judged = attributes.map(
        (attribute, index) =>
          answer.value.attributes.find((a) => a.attribute.trim().toLowerCase() === attribute.trim().toLowerCase()) ??
          answer.value.attributes[index] ?? {
            attribute,
            status: "inconclusive" as const,
            reasoning: "The model gave no judgement for this attribute.",
            tick_marks: [],
          },
      );
      return {
        provider: "openai" as const,
        model: answer.model,
        usage: answer.usage,
        attributes: judged.map((j, index) => ({ ...j, attribute: attributes[index]! })),
        conclusion: answer.value.conclusion,
      };
    },

    async close() {
      limit.clearQueue();
    },
  };
}

function parseJson<S extends z.ZodType>(
  schema: S,
  text: string,
): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `it is not JSON (${(error as Error).message})` };
  }
  const checked = schema.safeParse(data);
  if (checked.success) return { ok: true, value: checked.data };
  return { ok: false, problem: describeZodError(checked.error) };
}

function toSdkMessage(message: ChatMessage) {
  if (typeof message.content === "string") return { role: message.role, content: message.content };
  // Only user messages may carry images in the OpenAI API; others get their text parts.
  if (message.role !== "user") {
    return {
      role: message.role,
      content: message.content
        .filter((p): p is Extract<ChatContentPart, { type: "text" }> => p.type === "text")
        .map((p) => p.text)
        .join("\n"),
    };
  }
  return { role: message.role, content: message.content };
}
