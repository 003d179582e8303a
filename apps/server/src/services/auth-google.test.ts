import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authClient, listen, pathOf, redirectParams, workEmail } from "../../test/auth-client.js";
import { createTestContext, type TestContext } from "../../test/harness.js";

let issuer: OAuth2Server;
let ctx: TestContext;
let url: string;
let claims: Record<string, unknown>;

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate("RS256");
  await issuer.start(0, "127.0.0.1");
  // Google's claims for whoever "signs in" at the mock provider next.
  issuer.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  ctx = await createTestContext({
    GOOGLE_CLIENT_ID: "workbench-test-client",
    GOOGLE_CLIENT_SECRET: "workbench-test-secret",
    GOOGLE_ISSUER_URL: issuer.issuer.url!,
  });
  url = await listen(ctx);
});
afterAll(async () => {
  await ctx.close();
  await issuer.stop();
});
beforeEach(() => {
  claims = {};
});

/** Runs the browser's part: /authorize, the provider's consent redirect, then /callback with the state cookie. */
async function browserSignIn(authorizeUrl: string, options: { tamperState?: boolean; dropCookie?: boolean } = {}) {
  const start = await ctx.app.inject({ method: "GET", url: pathOf(authorizeUrl) });
  expect(start.statusCode).toBe(302);
  const providerUrl = new URL(start.headers.location as string);
  expect(providerUrl.origin).toBe(new URL(issuer.issuer.url!).origin);
  const cookie = (start.headers["set-cookie"] as string).split(";")[0]!;

  const consent = await fetch(providerUrl, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe("/auth/v1/callback");
  if (options.tamperState) callback.searchParams.set("state", "forged-state");

  const done = await ctx.app.inject({
    method: "GET",
    url: pathOf(callback.toString()),
    headers: options.dropCookie ? {} : { cookie },
  });
  expect(done.statusCode).toBe(302);
  return { location: done.headers.location as string, providerUrl };
}

describe("Google sign-in", () => {
  it("reports Google as enabled in the settings", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/auth/v1/settings",
      headers: { apikey: ctx.config.ANON_KEY },
    });
    expect(res.json().external.google).toBe(true);
  });

  it("creates a user and a session for a verified organisational account", async () => {
    const email = workEmail("google");
    claims = {
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: "Grace Hopper",
      given_name: "Grace",
      family_name: "Hopper",
    };
    const client = authClient(ctx, url);
    const { data } = await client.signInWithOAuth({
      provider: "google",
      options: { redirectTo: "http://localhost:3000/" },
    });
    const { location, providerUrl } = await browserSignIn(data.url!);
    expect(providerUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(providerUrl.searchParams.get("nonce")).toBeTruthy();
    expect(location.startsWith("http://localhost:3000/#")).toBe(true);

    const params = redirectParams(location);
    expect(params.token_type).toBe("bearer");
    const { data: user, error } = await client.getUser(params.access_token);
    expect(error).toBeNull();
    expect(user.user).toMatchObject({
      email,
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { full_name: "Grace Hopper", first_name: "Grace", last_name: "Hopper" },
    });
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect(user.user?.identities?.map((i) => i.provider)).toEqual(["google"]);

    // A second sign-in finds the same user.
    const again = await authClient(ctx, url).signInWithOAuth({ provider: "google" });
    const second = redirectParams((await browserSignIn(again.data.url!)).location);
    const { data: same } = await client.getUser(second.access_token);
    expect(same.user?.id).toBe(user.user?.id);
  });

  it("links Google to an existing password account with the same address", async () => {
    const email = workEmail("linked");
    const client = authClient(ctx, url);
    await client.signUp({ email, password: "correct horse battery" });
    claims = { sub: `google-${email}`, email, email_verified: true, name: "Linked" };
    const { data } = await client.signInWithOAuth({ provider: "google" });
    const params = redirectParams((await browserSignIn(data.url!)).location);
    const { data: user } = await client.getUser(params.access_token);
    expect(user.user?.identities?.map((i) => i.provider).sort()).toEqual(["email", "google"]);
    expect(user.user?.app_metadata.providers).toEqual(["email", "google"]);
  });

  it("answers ?code= when the client started PKCE, and the client exchanges it", async () => {
    const email = workEmail("pkce");
    claims = { sub: `google-${email}`, email, email_verified: true };
    const client = authClient(ctx, url, "pkce");
    const { data } = await client.signInWithOAuth({
      provider: "google",
      options: { redirectTo: "http://localhost:3000/" },
    });
    expect(new URL(data.url!).searchParams.get("code_challenge")).toBeTruthy();
    const { location } = await browserSignIn(data.url!);
    const code = new URL(location).searchParams.get("code")!;
    expect(code).toBeTruthy();
    const { data: exchanged, error } = await client.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(exchanged.session?.user.email).toBe(email);
  });

  it("gives no session to an account at a blocked domain", async () => {
    claims = { sub: "google-blocked", email: "someone@gmail.com", email_verified: true };
    const { data } = await authClient(ctx, url).signInWithOAuth({
      provider: "google",
      options: { redirectTo: "http://localhost:3000/login" },
    });
    const { location } = await browserSignIn(data.url!);
    expect(location.startsWith("http://localhost:3000/login?")).toBe(true);
    const params = redirectParams(location);
    expect(params.access_token).toBeUndefined();
    expect(params).toMatchObject({
      error: "access_denied",
      error_code: "email_address_not_authorized",
      error_description:
        "Sign-in failed: Please use an organizational email address. Email from domain gmail.com is not allowed.",
    });
    const { rows } = await ctx.database.sql.query("SELECT 1 FROM users WHERE email = 'someone@gmail.com'");
    expect(rows).toHaveLength(0);
  });

  it("refuses an account whose address Google has not verified", async () => {
    const email = workEmail("unverified");
    claims = { sub: `google-${email}`, email, email_verified: false };
    const { data } = await authClient(ctx, url).signInWithOAuth({ provider: "google" });
    const params = redirectParams((await browserSignIn(data.url!)).location);
    expect(params.error_code).toBe("provider_email_needs_verification");
    expect(params.access_token).toBeUndefined();
  });

  it("refuses a callback whose state does not match", async () => {
    claims = { sub: "google-state", email: workEmail("state"), email_verified: true };
    const { data } = await authClient(ctx, url).signInWithOAuth({ provider: "google" });
    const params = redirectParams((await browserSignIn(data.url!, { tamperState: true })).location);
    expect(params.error_code).toBe("bad_oauth_state");
    expect(params.access_token).toBeUndefined();
  });

  it("refuses a callback from a browser that did not start the sign-in", async () => {
    claims = { sub: "google-csrf", email: workEmail("csrf"), email_verified: true };
    const { data } = await authClient(ctx, url).signInWithOAuth({ provider: "google" });
    const params = redirectParams((await browserSignIn(data.url!, { dropCookie: true })).location);
    expect(params.error_code).toBe("bad_oauth_state");
  });

  it("refuses an unknown provider", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/auth/v1/authorize?provider=github" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
  });
});

describe("Google sign-in when not configured", () => {
  it("reports Google as disabled and refuses /authorize", async () => {
    const plain = await createTestContext();
    try {
      const settings = await plain.app.inject({
        method: "GET",
        url: "/auth/v1/settings",
        headers: { apikey: plain.config.ANON_KEY },
      });
      expect(settings.json().external.google).toBe(false);
      const res = await plain.app.inject({ method: "GET", url: "/auth/v1/authorize?provider=google" });
      expect(res.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
