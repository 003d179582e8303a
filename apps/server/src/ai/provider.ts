/**
 * The one interface every AI feature calls. Two implementations: `local` (offline OCR plus
 * deterministic reasoning) and `openai` (any OpenAI-compatible endpoint). `ai/index.ts` picks one
 * from the configuration.
 */

/** A rectangle as fractions 0-1 of the image's width and height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  /** 0-1 */
  confidence: number;
  box: Box;
}

export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  words: OcrWord[];
}

export interface OcrResult {
  /** Pixel size of the image as read (after orientation). */
  width: number;
  height: number;
  text: string;
  lines: OcrLine[];
}

export interface ExtractedItem {
  /** The query as asked (lowercased). */
  query: string;
  /** The value found; empty when nothing was found. */
  answer: string;
  /** 0-1; 0 when nothing was found. */
  confidence: number;
  /** Where the value is; a zero box when nothing was found. */
  box: Box;
}

export interface TickMark {
  /** Letter or symbol shown on the workpaper, e.g. "A". */
  label: string;
  text: string;
  box: Box;
}

export type AttributeStatus = "pass" | "fail" | "inconclusive";

export interface AttributeJudgement {
  attribute: string;
  status: AttributeStatus;
  reasoning: string;
  tick_marks: TickMark[];
}

export type ChatContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: "auto" | "low" | "high" } };

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string | ChatContentPart[];
}

export interface ChatRequest {
  messages: ChatMessage[];
  model?: string;
  temperature?: number;
  max_tokens?: number;
  /** Other OpenAI-compatible options passed through (e.g. top_p). */
  extras?: Record<string, unknown>;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** What every provider call reports besides its result, for traces. */
export interface CallMeta {
  provider: "local" | "openai";
  model: string;
  usage?: Usage;
}

export interface ChatResult extends CallMeta {
  completion: string;
}

export interface AiProvider {
  readonly name: "local" | "openai";
  /** Free-form chat. The local engine refuses with a clear error rather than inventing text. */
  chat(request: ChatRequest, options?: { signal?: AbortSignal }): Promise<ChatResult>;
  /** Image text extraction with boxes. */
  readText(image: Buffer): Promise<OcrResult & CallMeta>;
  /** Finds each requested item (queries lowercased) on the image; one result per query, in order. */
  extractItems(image: Buffer, queries: string[]): Promise<{ items: ExtractedItem[] } & CallMeta>;
  /** Judges control attributes against the evidence image. */
  judgeAttributes(input: {
    image: Buffer;
    controlDescription: string;
    attributes: string[];
  }): Promise<{ attributes: AttributeJudgement[]; conclusion: string } & CallMeta>;
  close(): Promise<void>;
}
