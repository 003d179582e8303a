import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorReply, type OpenAiStub, replyWith, startOpenAiStub } from "../../../test/openai-stub.js";
import { createOpenAiProvider, type OpenAiProviderConfig } from "./index.js";

function settings(stub: OpenAiStub, overrides: Partial<OpenAiProviderConfig> = {}): OpenAiProviderConfig {
  return {
    AI_BASE_URL: stub.baseUrl,
    AI_API_KEY: "test-key",
    AI_CHAT_MODEL: "gpt-4o-mini",
    AI_VISION_MODEL: "gpt-4o",
    AI_CONCURRENCY: 4,
    AI_TIMEOUT_MS: 5_000,
    AI_MAX_RETRIES: 2,
    ...overrides,
  };
}

const solidImage = (format: "png" | "jpeg" | "tiff") =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: "#ffffff" } })
    .toFormat(format)
    .toBuffer();

describe("openai provider", () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => stub.close());
  beforeEach(() => stub.reset());

  it("sends chat with the default model and temperature 0.7 and reports usage", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(replyWith("Hello auditor", { prompt_tokens: 12, completion_tokens: 3 }));
    const result = await provider.chat({ messages: [{ role: "user", content: "Hi" }] });

    expect(result).toMatchObject({
      provider: "openai",
      completion: "Hello auditor",
      model: "gpt-4o-mini",
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    });
    const sent = stub.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe("Bearer test-key");
    expect(sent.body).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0.7,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(sent.body.max_tokens).toBeUndefined();
  });

  it("passes the requested model, temperature, max_tokens and extras through", async () => {
    const provider = createOpenAiProvider(settings(stub));
    await provider.chat({
      messages: [{ role: "user", content: "Question" }],
      model: "gpt-4.1",
      temperature: 0.3,
      max_tokens: 1000,
      extras: { top_p: 0.5 },
    });
    expect(stub.requests[0]!.body).toMatchObject({ model: "gpt-4.1", temperature: 0.3, max_tokens: 1000, top_p: 0.5 });
  });

  it("asks the vision model for items with the image as a base64 data URL and reports confidence 0.9", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(
      replyWith(
        JSON.stringify({
          results: [
            { query: "invoice number", answer: "INV-0042", box: { x: 0.1, y: 0.2, width: 0.3, height: 0.05 } },
            { query: "approver", answer: "", box: null },
          ],
        }),
        { prompt_tokens: 800, completion_tokens: 40 },
      ),
    );
    const png = await solidImage("png");
    const result = await provider.extractItems(png, ["Invoice Number", "Approver"]);

    const sent = stub.requests[0]!.body;
    expect(sent).toMatchObject({
      model: "gpt-4o",
      temperature: 0.3,
      max_tokens: 500,
      response_format: { type: "json_object" },
    });
    const image = sent.messages[1].content.find((p: { type: string }) => p.type === "image_url");
    expect(image.image_url.url).toBe(`data:image/png;base64,${png.toString("base64")}`);
    expect(sent.messages[1].content[0].text).toContain("invoice number");

    expect(result.model).toBe("gpt-4o");
    expect(result.usage?.total_tokens).toBe(840);
    expect(result.items).toEqual([
      {
        query: "invoice number",
        answer: "INV-0042",
        confidence: 0.9,
        box: { x: 0.1, y: 0.2, width: 0.3, height: 0.05 },
      },
      { query: "approver", answer: "", confidence: 0, box: { x: 0, y: 0, width: 0, height: 0 } },
    ]);
  });

  it("labels JPEG images as image/jpeg and converts formats vision models do not take to PNG", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.setDefault(replyWith(JSON.stringify({ results: [] })));
    await provider.extractItems(await solidImage("jpeg"), ["date"]);
    await provider.extractItems(await solidImage("tiff"), ["date"]);
    const urls = stub.requests.map((r) => r.body.messages[1].content[1].image_url.url as string);
    expect(urls[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(urls[1]).toMatch(/^data:image\/png;base64,/);
  });

  it("clamps boxes the model places outside the image to 0..1", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(
      replyWith(
        JSON.stringify({
          results: [{ query: "total", answer: "$5", box: { x: -0.2, y: 0.9, width: 0.5, height: 0.4 } }],
        }),
      ),
    );
    const { items } = await provider.extractItems(await solidImage("png"), ["total"]);
    expect(items[0]!.box).toEqual({ x: 0, y: 0.9, width: 0.5, height: expect.closeTo(0.1, 6) });
  });

  it("repairs invalid JSON once by sending the bad answer and the problem back", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(
      replyWith("Sure! Here are the results: results: []", { prompt_tokens: 100, completion_tokens: 10 }),
      replyWith(
        JSON.stringify({ results: [{ query: "total", answer: "$5", box: { x: 0, y: 0, width: 0.1, height: 0.1 } }] }),
        {
          prompt_tokens: 150,
          completion_tokens: 20,
        },
      ),
    );
    const result = await provider.extractItems(await solidImage("png"), ["total"]);

    expect(stub.requests).toHaveLength(2);
    const repair = stub.requests[1]!.body.messages;
    expect(repair.at(-2)).toEqual({ role: "assistant", content: "Sure! Here are the results: results: []" });
    expect(repair.at(-1).content).toMatch(/not valid: it is not JSON/);
    expect(result.items[0]!.answer).toBe("$5");
    expect(result.usage).toEqual({ prompt_tokens: 250, completion_tokens: 30, total_tokens: 280 });
  });

  it("repairs JSON that fails the schema, naming the failing field", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(
      replyWith(
        JSON.stringify({ attributes: [{ attribute: "approval", status: "maybe", reasoning: "x" }], conclusion: "ok" }),
      ),
      replyWith(
        JSON.stringify({
          attributes: [{ attribute: "approval", status: "pass", reasoning: "Signed by the manager.", tick_marks: [] }],
          conclusion: "Effective",
        }),
      ),
    );
    const result = await provider.judgeAttributes({
      image: await solidImage("png"),
      controlDescription: "Changes are approved",
      attributes: ["approval"],
    });
    expect(stub.requests[1]!.body.messages.at(-1).content).toMatch(/attributes\.0\.status/);
    expect(result.attributes[0]).toMatchObject({ attribute: "approval", status: "pass" });
    expect(result.conclusion).toBe("Effective");
  });

  it("gives up with a clear error when the repaired answer is still invalid", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.setDefault(replyWith("not json"));
    await expect(provider.readText(await solidImage("png"))).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/invalid JSON twice/),
    });
    expect(stub.requests).toHaveLength(2);
  });

  it("reads text lines with boxes and the image's pixel size", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(
      replyWith(JSON.stringify({ lines: [{ text: "Invoice 42", box: { x: 0.1, y: 0.1, width: 0.5, height: 0.1 } }] })),
    );
    const result = await provider.readText(await solidImage("png"));
    expect(result).toMatchObject({ width: 40, height: 20, text: "Invoice 42", model: "gpt-4o" });
    expect(result.lines[0]!.confidence).toBe(0.9);
  });

  it("retries a 429 and a 500 with back-off and then succeeds", async () => {
    const provider = createOpenAiProvider(settings(stub));
    stub.enqueue(errorReply(429, "slow down"), errorReply(500, "oops"), replyWith("third time lucky"));
    const result = await provider.chat({ messages: [{ role: "user", content: "Hi" }] });
    expect(result.completion).toBe("third time lucky");
    expect(stub.requests).toHaveLength(3);
  });

  it("stops retrying after the configured number of retries and says what the provider answered", async () => {
    const provider = createOpenAiProvider(settings(stub, { AI_MAX_RETRIES: 1 }));
    stub.setDefault(errorReply(503, "overloaded"));
    await expect(provider.chat({ messages: [{ role: "user", content: "Hi" }] })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("503"),
    });
    expect(stub.requests).toHaveLength(2);
  });

  it("does not pass on what the provider says when it refuses the server's credentials", async () => {
    const provider = createOpenAiProvider(settings(stub, { AI_MAX_RETRIES: 0 }));
    for (const status of [401, 403]) {
      stub.enqueue(errorReply(status, "Incorrect API key provided: sk-proj-abcd************************wxyz."));
      const failure = await provider.chat({ messages: [{ role: "user", content: "Hi" }] }).catch((e: Error) => e);
      expect(failure).toMatchObject({
        status: 502,
        message: `The AI provider refused the server's credentials (${status}); check AI_API_KEY.`,
      });
      expect((failure as Error).message).not.toContain("sk-");
    }
  });

  it("surfaces a timeout as a clear 504 error", async () => {
    const provider = createOpenAiProvider(settings(stub, { AI_TIMEOUT_MS: 200, AI_MAX_RETRIES: 0 }));
    stub.enqueue({ delayMs: 2_000, body: {} });
    await expect(provider.chat({ messages: [{ role: "user", content: "Hi" }] })).rejects.toMatchObject({
      status: 504,
      message: "The AI provider did not answer within 200 ms",
    });
  });

  it("never has more requests in flight than the concurrency limit", async () => {
    const provider = createOpenAiProvider(settings(stub, { AI_CONCURRENCY: 2 }));
    stub.setDefault((request) => ({ delayMs: 100, body: replyBody(request.body.model) }));
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => provider.chat({ messages: [{ role: "user", content: `q${i}` }] })),
    );
    expect(stub.requests).toHaveLength(6);
    expect(stub.maxConcurrent).toBe(2);
  });
});

function replyBody(model: string) {
  return {
    id: "x",
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  };
}
