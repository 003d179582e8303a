import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workEmail } from "../../../test/auth-client.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { outboxMessages, verificationLink } from "../../../test/mail.js";
import { users } from "../../db/schema/index.js";
import { MAX_USER_METADATA_BYTES } from "../../services/auth.js";

const PASSWORD = "correct horse battery";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_EMAIL_MIN_INTERVAL_SECONDS: "0" });
});
afterAll(async () => ctx.close());

function auth(method: "POST" | "PUT" | "GET", url: string, payload?: object, token?: string) {
  const headers: Record<string, string> = { apikey: ctx.config.ANON_KEY };
  if (token) headers.authorization = `Bearer ${token}`;
  return ctx.app.inject({ method, url: `/auth/v1${url}`, headers, ...(payload ? { payload } : {}) });
}

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Signs up, follows the mailed link and signs in; answers the session. */
async function signedIn(email = workEmail()) {
  expect((await auth("POST", "/signup", { email, password: PASSWORD })).statusCode).toBe(200);
  const mail = outboxMessages(ctx.dataDir).filter((m) => m.includes(email));
  const link = new URL(verificationLink(mail.at(-1)!));
  await ctx.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
  const res = await auth("POST", "/token?grant_type=password", { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

describe("sign-up refuses bad input before it stores anything", () => {
  it("answers 400 for an unknown code challenge method and leaves no user behind", async () => {
    const email = workEmail("pkce");
    const res = await auth("POST", "/signup", {
      email,
      password: PASSWORD,
      code_challenge: "abc",
      code_challenge_method: "md5",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation_failed", msg: "Code challenge method must be s256 or plain" });
    expect(await userRow(email)).toBeUndefined();
    expect(outboxMessages(ctx.dataDir).some((m) => m.includes(email))).toBe(false);
  });

  it("answers 400 for user metadata larger than the limit and leaves no user behind", async () => {
    const email = workEmail("fat");
    const res = await auth("POST", "/signup", {
      email,
      password: PASSWORD,
      data: { bio: "x".repeat(MAX_USER_METADATA_BYTES) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "validation_failed",
      msg: `User metadata must not exceed ${MAX_USER_METADATA_BYTES} bytes`,
    });
    expect(await userRow(email)).toBeUndefined();
  });
});

describe("user metadata stays small enough to travel in the access token", () => {
  it("refuses an update that would grow the metadata past the limit, keeping what was there", async () => {
    const email = workEmail("meta");
    const session = await signedIn(email);
    const half = "y".repeat(Math.floor(MAX_USER_METADATA_BYTES / 2));
    const first = await auth("PUT", "/user", { data: { a: half } }, session.access_token);
    expect(first.statusCode).toBe(200);
    const second = await auth("PUT", "/user", { data: { b: half } }, session.access_token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: "validation_failed" });
    expect((await userRow(email))!.userMetadata).toEqual({ a: half });

    // The metadata that was accepted still gives a token the API takes.
    const refreshed = await auth("POST", "/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
    const api = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/workspaces/",
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    });
    expect(api.statusCode).toBe(200);
  });
});

describe("auth errors", () => {
  it("carry a detail beside the Supabase Auth fields, as every other API error does", async () => {
    const answers = [
      await auth("POST", "/token?grant_type=password", { email: workEmail(), password: "wrong password" }),
      await auth("GET", "/user"),
      await auth("POST", "/token?grant_type=refresh_token", { refresh_token: "nope" }),
      await ctx.app.inject({ method: "GET", url: "/auth/v1/settings" }),
      await auth("POST", "/signup", { email: workEmail(), password: 7 }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const body = res.json();
      expect(body.detail).toEqual(expect.any(String));
      expect(body.detail).toBe(body.msg);
    }
  });
});
