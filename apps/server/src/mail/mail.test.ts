import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authClient, listen, pathOf, redirectParams, workEmail } from "../../test/auth-client.js";
import { createTestContext, type TestContext } from "../../test/harness.js";
import { outboxMessages, startSmtpSink, verificationLink } from "../../test/mail.js";

const PASSWORD = "correct horse battery";

describe("verification mail through a real SMTP server", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: sink.url, MAIL_FROM: "Workbench <auth@audit-firm.example>" });
    url = await listen(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("delivers the link over SMTP, and the link confirms the address", async () => {
    const email = workEmail();
    const client = authClient(ctx, url);
    const { error } = await client.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/" },
    });
    expect(error).toBeNull();

    const message = sink.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe("auth@audit-firm.example");
    expect(message!.raw).toMatch(/^Subject: Confirm your e-mail address/m);
    expect(outboxMessages(ctx.dataDir)).toHaveLength(0);

    const res = await ctx.app.inject({ method: "GET", url: pathOf(verificationLink(message!.raw)) });
    expect(res.statusCode).toBe(303);
    expect(redirectParams(res.headers.location as string).access_token).toBeTruthy();
    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });
});

describe("verification mail through the outbox", () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    url = await listen(ctx);
  });
  afterAll(async () => ctx.close());

  it("writes an .eml file in DATA_DIR/mail and logs the link", async () => {
    const info = vi.spyOn(ctx.app.log, "info");
    const email = workEmail();
    expect((await authClient(ctx, url).signUp({ email, password: PASSWORD })).error).toBeNull();
    const messages = outboxMessages(ctx.dataDir);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^To: ${email.replace(/\./g, "\\.")}`, "m"));
    const link = verificationLink(messages[0]!);
    expect(info.mock.calls.some((call) => call.some((arg) => typeof arg === "string" && arg.includes(link)))).toBe(
      true,
    );

    const res = await ctx.app.inject({ method: "GET", url: pathOf(link) });
    expect(redirectParams(res.headers.location as string).type).toBe("signup");
  });
});

describe("one confirmation mail per interval, however many requests arrive at once", () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_EMAIL_MIN_INTERVAL_SECONDS: "60" });
    url = await listen(ctx);
  });
  afterAll(async () => ctx.close());

  function mailsTo(email: string): string[] {
    return outboxMessages(ctx.dataDir).filter((m) => m.includes(email));
  }

  it("sends a single mail for five simultaneous sign-ups of one new address, answering each normally", async () => {
    const email = workEmail("together");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => authClient(ctx, url).signUp({ email, password: PASSWORD })),
    );
    for (const { data, error } of results) {
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.session).toBeNull();
    }
    expect(new Set(results.map((r) => r.data.user?.id)).size).toBe(1);
    const { rows } = await ctx.database.sql.query("SELECT count(*)::int AS n FROM users WHERE lower(email) = $1", [
      email,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("sends a single mail for five simultaneous resends once the interval has passed", async () => {
    const email = workEmail("resend");
    expect((await authClient(ctx, url).signUp({ email, password: PASSWORD })).error).toBeNull();
    await ctx.database.sql.query(
      "UPDATE users SET confirmation_sent_at = now() - interval '61 seconds' WHERE lower(email) = $1",
      [email],
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () => authClient(ctx, url).resend({ email, type: "signup" })),
    );
    for (const { error } of results) expect(error).toBeNull();
    expect(mailsTo(email)).toHaveLength(2);
  });
});

describe("rate limits", () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_PER_MINUTE: "3", AUTH_AUTOCONFIRM: "true" });
    url = await listen(ctx);
  });
  afterAll(async () => ctx.close());

  it("answers 429 over_request_rate_limit after the limit of password sign-ins", async () => {
    const client = authClient(ctx, url);
    const email = workEmail();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { error } = await client.signInWithPassword({ email, password: "wrong password" });
      codes.push(error?.code);
    }
    expect(codes).toEqual([
      "invalid_credentials",
      "invalid_credentials",
      "invalid_credentials",
      "over_request_rate_limit",
    ]);
    const { error } = await client.signInWithPassword({ email, password: "wrong password" });
    expect(error?.status).toBe(429);
  });

  it("does not count token refreshes against the sign-in limit", async () => {
    const { data } = await authClient(ctx, url).signUp({ email: workEmail(), password: PASSWORD });
    let token = data.session!.refresh_token;
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=refresh_token",
        headers: { apikey: ctx.config.ANON_KEY },
        payload: { refresh_token: token },
      });
      expect(res.statusCode).toBe(200);
      token = res.json().refresh_token;
    }
  });

  it("limits resend per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/auth/v1/resend",
        headers: { apikey: ctx.config.ANON_KEY },
        payload: { email: workEmail(), type: "signup" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
