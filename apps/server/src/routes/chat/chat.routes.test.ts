import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildUser, type TestUser } from "../../../test/factories.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { type OpenAiStub, replyWith, startOpenAiStub, stubbedAiEnv } from "../../../test/openai-stub.js";

describe("POST /api/v1/chat-completion with an OpenAI-compatible provider", () => {
  let stub: OpenAiStub;
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    stub = await startOpenAiStub();
    ctx = await createTestContext(stubbedAiEnv(stub));
    user = await buildUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });
  beforeEach(() => stub.reset());

  const post = (payload: unknown, headers: Record<string, string> = user.headers) =>
    ctx.app.inject({ method: "POST", url: "/api/v1/chat-completion", headers, payload: payload as object });

  it("answers completion, usage and model, with model gpt-4o-mini and temperature 0.7 by default", async () => {
    stub.enqueue(replyWith("Controls look effective.", { prompt_tokens: 30, completion_tokens: 5 }));
    const res = await post({ messages: [{ role: "user", content: "Summarise" }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      completion: "Controls look effective.",
      usage: { prompt_tokens: 30, completion_tokens: 5, total_tokens: 35 },
      model: "gpt-4o-mini",
    });
    expect(stub.requests[0]!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7 });
  });

  it("passes model, temperature, max_tokens, extras and image parts through", async () => {
    const image = "data:image/png;base64,iVBORw0KGgo=";
    await post({
      model: "gpt-4o",
      temperature: 0.3,
      max_tokens: 1000,
      top_p: 0.9,
      not_an_openai_option: true,
      messages: [
        { role: "system", content: "You are an auditor." },
        {
          role: "user",
          content: [
            { type: "text", text: "What does this show?" },
            { type: "image_url", image_url: { url: image } },
          ],
        },
      ],
    });
    const sent = stub.requests[0]!.body;
    expect(sent).toMatchObject({ model: "gpt-4o", temperature: 0.3, max_tokens: 1000, top_p: 0.9 });
    expect(sent.not_an_openai_option).toBeUndefined();
    expect(sent.messages[1].content[1]).toEqual({ type: "image_url", image_url: { url: image } });
  });

  it("answers 400 with a detail for empty messages or a bad role", async () => {
    const empty = await post({ messages: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/messages/);
    const badRole = await post({ messages: [{ role: "robot", content: "hi" }] });
    expect(badRole.statusCode).toBe(400);
    expect(stub.requests).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const res = await post({ messages: [{ role: "user", content: "hi" }] }, {});
    expect(res.statusCode).toBe(401);
  });

  it("answers 502 with a detail when the provider keeps failing", async () => {
    stub.setDefault({ status: 500, headers: { "retry-after-ms": "5" }, body: { error: { message: "down" } } });
    const res = await post({ messages: [{ role: "user", content: "hi" }] });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/The AI provider answered 500/);
  });
});

describe("POST /api/v1/chat-completion with the local engine", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ AI_PROVIDER: "local" });
  });
  afterAll(async () => ctx.close());

  it("answers the engine's refusal as an error with a detail", async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/chat-completion",
      headers: user.headers,
      payload: { messages: [{ role: "user", content: "Hello" }] },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json().detail).toMatch(/local AI engine cannot answer free-form questions/);
  });
});
