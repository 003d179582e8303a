import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible HTTP server on loopback for tests: it records every request and answers
 * scripted replies in order (then a default reply). Point a provider at `stub.baseUrl`.
 */

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever the client sent
  body: any;
}

export interface StubReplySpec {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to test timeouts and concurrency). */
  delayMs?: number;
}

export type StubReply = StubReplySpec | ((request: StubRequest) => StubReplySpec | Promise<StubReplySpec>);

export interface OpenAiStub {
  /** Base URL including `/v1`, as the SDK expects. */
  baseUrl: string;
  requests: StubRequest[];
  /** Most requests in flight at once since the last reset. */
  maxConcurrent: number;
  /** Queue replies answered in order; once used up, the default reply answers. */
  enqueue(...replies: StubReply[]): void;
  setDefault(reply: StubReply): void;
  reset(): void;
  close(): Promise<void>;
}

/** A chat-completion response body as OpenAI sends it. */
export function chatCompletionBody(
  content: string,
  options: { model?: string; usage?: { prompt_tokens: number; completion_tokens: number } } = {},
) {
  const usage = options.usage ?? { prompt_tokens: 11, completion_tokens: 7 };
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: options.model ?? "gpt-4o-mini",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/** A reply whose model echoes the request's model, like the real service. */
export function replyWith(content: string, usage?: { prompt_tokens: number; completion_tokens: number }): StubReply {
  return (request) => ({ body: chatCompletionBody(content, { model: request.body?.model, usage }) });
}

/** An error reply in OpenAI's shape; `retry-after-ms` keeps the SDK's back-off short in tests. */
export function errorReply(status: number, message = "stub error"): StubReply {
  return {
    status,
    headers: { "retry-after-ms": "10" },
    body: { error: { message, type: status === 429 ? "rate_limit_exceeded" : "server_error", code: null } },
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The settings that point the app's `openai` provider at this stub. */
export function stubbedAiEnv(stub: OpenAiStub, extra: Record<string, string> = {}): Record<string, string> {
  return { AI_PROVIDER: "openai", AI_BASE_URL: stub.baseUrl, AI_API_KEY: "test-key", ...extra };
}

export async function startOpenAiStub(): Promise<OpenAiStub> {
  let queue: StubReply[] = [];
  let fallback: StubReply = replyWith("stub answer");
  let inFlight = 0;

  const stub: OpenAiStub = {
    baseUrl: "",
    requests: [],
    maxConcurrent: 0,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue = [];
      fallback = replyWith("stub answer");
      stub.requests.length = 0;
      stub.maxConcurrent = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    stub.maxConcurrent = Math.max(stub.maxConcurrent, inFlight);
    // A request stops counting when answered or when the client gives up on it.
    res.on("close", () => {
      inFlight -= 1;
    });
    const recorded: StubRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: req.headers,
      body: await readBody(req),
    };
    stub.requests.push(recorded);
    const next = queue.shift() ?? fallback;
    const spec = typeof next === "function" ? await next(recorded) : next;
    if (spec.delayMs) await new Promise((resolve) => setTimeout(resolve, spec.delayMs));
    if (res.destroyed) return;
    res.writeHead(spec.status ?? 200, { "content-type": "application/json", ...spec.headers });
    res.end(JSON.stringify(spec.body ?? {}));
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return stub;
}
