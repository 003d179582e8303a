import { isAuthApiError, isAuthWeakPasswordError } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, listen, pathOf, redirectParams, workEmail } from "../../../test/auth-client.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { outboxMessages, verificationLink } from "../../../test/mail.js";

const PASSWORD = "correct horse battery";
const SIGN_UP_BLOCKED =
  "Sign-up failed: Please use an organizational email address. Emails from this domain are not allowed.";
const SIGN_IN_BLOCKED =
  "Sign-in failed: Please use an organizational email address. Emails from this domain are not allowed.";
const RESEND_BLOCKED =
  "Verification emails can only be sent to organizational email addresses. Emails from this domain are not allowed.";

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_EMAIL_MIN_INTERVAL_SECONDS: "0" });
  url = await listen(ctx);
});
afterAll(async () => ctx.close());

/** The newest verification link sent to `email`, from the outbox. */
function lastLinkTo(email: string): string {
  const mine = outboxMessages(ctx.dataDir).filter((m) => m.includes(email));
  if (!mine.length) throw new Error(`no mail to ${email}`);
  return verificationLink(mine.at(-1)!);
}

async function signUpConfirmed(email = workEmail()) {
  const client = authClient(ctx, url);
  const { error } = await client.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  const res = await ctx.app.inject({ method: "GET", url: pathOf(lastLinkTo(email)) });
  expect(res.statusCode).toBe(303);
  return email;
}

describe("sign-up, e-mail verification and sign-in through the official client", () => {
  it("signs up, mails a link, verifies it, signs in, reads and updates the user, refreshes and signs out", async () => {
    const client = authClient(ctx, url);
    const email = workEmail();
    const signUp = await client.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { first_name: "Ada", last_name: "Lovelace", referral_source: "colleague" },
        emailRedirectTo: "http://localhost:3000/login",
      },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      user_metadata: { first_name: "Ada", last_name: "Lovelace", referral_source: "colleague" },
      app_metadata: { provider: "email", providers: ["email"] },
      is_anonymous: false,
    });
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.identities).toHaveLength(1);

    const tooEarly = await client.signInWithPassword({ email, password: PASSWORD });
    expect(tooEarly.error?.code).toBe("email_not_confirmed");
    expect(tooEarly.error?.message).toBe("Email not confirmed");

    const link = lastLinkTo(email);
    expect(link.startsWith("http://localhost:3000/auth/v1/verify?")).toBe(true);
    expect(new URL(link).searchParams.get("type")).toBe("signup");
    expect(new URL(link).searchParams.get("redirect_to")).toBe("http://localhost:3000/login");

    const verified = await ctx.app.inject({ method: "GET", url: pathOf(link) });
    expect(verified.statusCode).toBe(303);
    const location = verified.headers.location as string;
    expect(location.startsWith("http://localhost:3000/login#")).toBe(true);
    const fragment = redirectParams(location);
    expect(fragment).toMatchObject({ token_type: "bearer", type: "signup", expires_in: "3600" });
    expect(fragment.access_token).toBeTruthy();
    expect(fragment.refresh_token).toBeTruthy();
    expect(Number(fragment.expires_at)).toBeGreaterThan(Date.now() / 1000);

    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.token_type).toBe("bearer");
    expect(signIn.data.session?.expires_in).toBe(3600);
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
    expect(signIn.data.user?.last_sign_in_at).toBeTruthy();

    const got = await client.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.id).toBe(signUp.data.user?.id);

    const updated = await client.updateUser({ data: { first_name: "Augusta", referral_source: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ first_name: "Augusta", last_name: "Lovelace" });

    const before = (await client.getSession()).data.session!;
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(refreshed.data.session?.user.user_metadata.first_name).toBe("Augusta");

    const out = await client.signOut({ scope: "local" });
    expect(out.error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();
    const reuse = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: { refresh_token: refreshed.data.session!.refresh_token },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe("refresh_token_not_found");
  });

  it("answers the Supabase error shape with the API version header", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: { email: workEmail(), password: "whatever-it-is" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-supabase-api-version"]).toBe("2024-01-01");
    expect(res.json()).toMatchObject({
      code: "invalid_credentials",
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
      error: "invalid_grant",
      error_description: "Invalid login credentials",
    });
  });

  it("refuses a wrong password with invalid_credentials", async () => {
    const email = await signUpConfirmed();
    const { data, error } = await authClient(ctx, url).signInWithPassword({ email, password: "not the password" });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Invalid login credentials");
    expect(error?.status).toBe(400);
  });

  it("answers email_not_confirmed for an unverified address even with a wrong password", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    const { error } = await authClient(ctx, url).signInWithPassword({ email, password: "deliberately-wrong" });
    expect(error?.code).toBe("email_not_confirmed");
  });

  it("refuses a password shorter than eight characters as weak_password", async () => {
    const { error } = await authClient(ctx, url).signUp({ email: workEmail(), password: "short" });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);
  });

  it("answers a second sign-up of a confirmed address with an obfuscated user and sends no mail", async () => {
    const email = await signUpConfirmed();
    const mailsBefore = outboxMessages(ctx.dataDir).length;
    const first = await authClient(ctx, url).signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await authClient(ctx, url).signUp({ email, password: "another password" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(first.data.user?.id);
    expect(outboxMessages(ctx.dataDir).length).toBe(mailsBefore);
    // The account keeps its password.
    const again = await authClient(ctx, url).signInWithPassword({ email, password: PASSWORD });
    expect(again.error).toBeNull();
  });

  it("sends the link again when an unconfirmed address signs up again", async () => {
    const email = workEmail();
    const client = authClient(ctx, url);
    const first = await client.signUp({ email, password: PASSWORD });
    const second = await client.signUp({ email, password: PASSWORD });
    expect(second.data.user?.id).toBe(first.data.user?.id);
    expect(outboxMessages(ctx.dataDir).filter((m) => m.includes(email))).toHaveLength(2);
  });

  it("redirects to the site itself when redirect_to points to another origin", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "https://evil.example/x" },
    });
    const res = await ctx.app.inject({ method: "GET", url: pathOf(lastLinkTo(email)) });
    expect(res.statusCode).toBe(303);
    expect((res.headers.location as string).startsWith("http://localhost:3000/#access_token=")).toBe(true);
  });

  it("accepts a verification link once only", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    const link = pathOf(lastLinkTo(email));
    expect((await ctx.app.inject({ method: "GET", url: link })).statusCode).toBe(303);
    const again = await ctx.app.inject({ method: "GET", url: link });
    expect(again.statusCode).toBe(303);
    expect(redirectParams(again.headers.location as string)).toMatchObject({
      error: "access_denied",
      error_code: "otp_expired",
    });
  });

  it("refuses an expired verification link", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    await ctx.database.sql.query(
      "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE relates_to = $1",
      [email],
    );
    const res = await ctx.app.inject({ method: "GET", url: pathOf(lastLinkTo(email)) });
    expect(redirectParams(res.headers.location as string).error_code).toBe("otp_expired");
    const { error } = await authClient(ctx, url).signInWithPassword({ email, password: PASSWORD });
    expect(error?.code).toBe("email_not_confirmed");
  });

  it("stores verification tokens hashed", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    const token = new URL(lastLinkTo(email)).searchParams.get("token")!;
    const { rows } = await ctx.database.sql.query<{ token_hash: string }>(
      "SELECT token_hash FROM one_time_tokens WHERE relates_to = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies through verifyOtp with the token hash", async () => {
    const email = workEmail();
    const client = authClient(ctx, url);
    await client.signUp({ email, password: PASSWORD });
    const token = new URL(lastLinkTo(email)).searchParams.get("token")!;
    const { data, error } = await client.verifyOtp({ token_hash: token, type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it("completes a PKCE sign-up: the link redirects with ?code= that the client exchanges", async () => {
    const client = authClient(ctx, url, "pkce");
    const email = workEmail();
    await client.signUp({ email, password: PASSWORD, options: { emailRedirectTo: "http://localhost:3000/" } });
    const res = await ctx.app.inject({ method: "GET", url: pathOf(lastLinkTo(email)) });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.hash).toBe("");
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();
    const { data, error } = await client.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const replay = await authClient(ctx, url, "pkce").exchangeCodeForSession(code);
    expect(replay.error).not.toBeNull();
  });

  it("refuses a PKCE exchange with the wrong verifier", async () => {
    const client = authClient(ctx, url, "pkce");
    const email = workEmail();
    await client.signUp({ email, password: PASSWORD });
    const res = await ctx.app.inject({ method: "GET", url: pathOf(lastLinkTo(email)) });
    const code = new URL(res.headers.location as string).searchParams.get("code")!;
    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=pkce",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: { auth_code: code, code_verifier: "x".repeat(56) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("bad_code_verifier");
  });
});

describe("blocked e-mail domains", () => {
  it("refuses sign-up from a consumer domain with the spec's message", async () => {
    const { error } = await authClient(ctx, url).signUp({ email: "someone@Gmail.com", password: PASSWORD });
    expect(error?.message).toBe(SIGN_UP_BLOCKED);
    expect(error?.code).toBe("email_address_not_authorized");
    expect(error?.status).toBe(400);
    const { rows } = await ctx.database.sql.query("SELECT 1 FROM users WHERE lower(email) = 'someone@gmail.com'");
    expect(rows).toHaveLength(0);
  });

  it("judges the domain after the last @", async () => {
    const { error } = await authClient(ctx, url).signUp({ email: '"a@work.example"@yahoo.com', password: PASSWORD });
    expect(error?.message).toBe(SIGN_UP_BLOCKED);
  });

  it("refuses a blank address", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: { email: "  ", password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SIGN_UP_BLOCKED);
  });

  it("refuses sign-in from a consumer domain", async () => {
    const { error } = await authClient(ctx, url).signInWithPassword({
      email: "someone@hotmail.com",
      password: PASSWORD,
    });
    expect(error?.message).toBe(SIGN_IN_BLOCKED);
  });

  it("refuses to resend to a consumer domain", async () => {
    const { error } = await authClient(ctx, url).resend({ type: "signup", email: "someone@outlook.com" });
    expect(error?.message).toBe(RESEND_BLOCKED);
  });
});

describe("resend", () => {
  it("sends a new link to an unconfirmed address", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    const { error } = await authClient(ctx, url).resend({ type: "signup", email });
    expect(error).toBeNull();
    const mails = outboxMessages(ctx.dataDir).filter((m) => m.includes(email));
    expect(mails).toHaveLength(2);
    const res = await ctx.app.inject({ method: "GET", url: pathOf(verificationLink(mails[1]!)) });
    expect(redirectParams(res.headers.location as string).access_token).toBeTruthy();
  });

  it("answers the same for unknown, unconfirmed and confirmed addresses", async () => {
    const unconfirmed = workEmail();
    await authClient(ctx, url).signUp({ email: unconfirmed, password: PASSWORD });
    const confirmed = await signUpConfirmed();
    const answers = [];
    for (const email of [workEmail("nobody"), unconfirmed, confirmed]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/auth/v1/resend",
        headers: { apikey: ctx.config.ANON_KEY },
        payload: { email, type: "signup" },
      });
      answers.push([res.statusCode, res.body]);
    }
    expect(answers[0]).toEqual([200, "{}"]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

describe("the apikey requirement", () => {
  it("answers 401 no_api_key without an apikey", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/auth/v1/settings" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("no_api_key");
  });

  it("answers 401 invalid_api_key for a wrong key", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      headers: { apikey: "nope" },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("invalid_api_key");
  });

  it("lets the browser open the mail link without a key", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/auth/v1/verify?token=unknown&type=signup" });
    expect(res.statusCode).toBe(303);
  });

  it("surfaces through the client as an error with status 401", async () => {
    const bare = authClient(ctx, url);
    (bare as unknown as { headers: Record<string, string> }).headers = {};
    const { error } = await bare.signInWithPassword({ email: workEmail(), password: PASSWORD });
    expect(error?.status).toBe(401);
  });
});

describe("settings and the user endpoints", () => {
  it("reports the providers and confirmation mode", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/auth/v1/settings",
      headers: { apikey: ctx.config.ANON_KEY },
    });
    expect(res.json()).toMatchObject({
      external: { email: true, google: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it("answers 401 for /user without a bearer token and 403 for a forged one", async () => {
    const none = await ctx.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { apikey: ctx.config.ANON_KEY },
    });
    expect(none.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { apikey: ctx.config.ANON_KEY, authorization: "Bearer a.b.c" },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe("bad_jwt");
  });

  it("changes the password, refusing the same and a weak one", async () => {
    const email = await signUpConfirmed();
    const client = authClient(ctx, url);
    await client.signInWithPassword({ email, password: PASSWORD });
    expect((await client.updateUser({ password: PASSWORD })).error?.code).toBe("same_password");
    expect((await client.updateUser({ password: "tiny" })).error?.code).toBe("weak_password");
    expect((await client.updateUser({ password: "a brand new passphrase" })).error).toBeNull();
    const old = await authClient(ctx, url).signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe("invalid_credentials");
    const fresh = await authClient(ctx, url).signInWithPassword({ email, password: "a brand new passphrase" });
    expect(fresh.error).toBeNull();
  });
});

describe("sign-out scopes", () => {
  async function threeSessions() {
    const email = await signUpConfirmed();
    const clients = [authClient(ctx, url), authClient(ctx, url), authClient(ctx, url)];
    for (const c of clients) expect((await c.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const tokens = await Promise.all(clients.map(async (c) => (await c.getSession()).data.session!.refresh_token));
    return { clients, tokens };
  }

  async function refreshWorks(token: string) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: { refresh_token: token },
    });
    return res.statusCode === 200;
  }

  it("local ends only this session", async () => {
    const { clients, tokens } = await threeSessions();
    await clients[0]!.signOut({ scope: "local" });
    expect(await refreshWorks(tokens[0]!)).toBe(false);
    expect(await refreshWorks(tokens[1]!)).toBe(true);
  });

  it("others ends every other session and keeps this one", async () => {
    const { clients, tokens } = await threeSessions();
    await clients[0]!.signOut({ scope: "others" });
    expect((await clients[0]!.getUser()).error).toBeNull();
    expect(await refreshWorks(tokens[1]!)).toBe(false);
    expect(await refreshWorks(tokens[2]!)).toBe(false);
    expect(await refreshWorks(tokens[0]!)).toBe(true);
  });

  it("global ends every session of the user, and getUser then reports the session missing", async () => {
    const { clients, tokens } = await threeSessions();
    const stillHeld = (await clients[1]!.getSession()).data.session!.access_token;
    await clients[0]!.signOut({ scope: "global" });
    for (const token of tokens) expect(await refreshWorks(token)).toBe(false);
    const res = await ctx.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { apikey: ctx.config.ANON_KEY, authorization: `Bearer ${stillHeld}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("session_not_found");
  });
});
