import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, listen, workEmail } from "../../test/auth-client.js";
import { createTestContext, type TestContext } from "../../test/harness.js";

const PASSWORD = "correct horse battery";
let ctx: TestContext;
let url: string;

beforeAll(async () => {
  // Autoconfirm: these tests are about sessions, not the verification mail.
  ctx = await createTestContext({ AUTH_AUTOCONFIRM: "true" });
  url = await listen(ctx);
});
afterAll(async () => ctx.close());

async function signedIn() {
  const client = authClient(ctx, url);
  const { data, error } = await client.signUp({ email: workEmail(), password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { client, session: data.session! };
}

function refresh(token: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=refresh_token",
    headers: { apikey: ctx.config.ANON_KEY },
    payload: { refresh_token: token },
  });
}

/** Moves the revocation of every rotated token back in time, past the reuse interval. */
async function ageRevocations(seconds: number) {
  await ctx.database.sql.query(
    `UPDATE refresh_tokens SET revoked_at = revoked_at - ($1 || ' seconds')::interval WHERE revoked`,
    [String(seconds)],
  );
}

describe("refresh token rotation", () => {
  it("signs up straight into a session when autoconfirm is on", async () => {
    const { session } = await signedIn();
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.expires_in).toBe(3600);
  });

  it("answers 422 user_already_exists for a second sign-up when autoconfirm is on", async () => {
    const email = workEmail();
    await authClient(ctx, url).signUp({ email, password: PASSWORD });
    const { error } = await authClient(ctx, url).signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("user_already_exists");
  });

  it("rotates the refresh token on every use and stores only hashes", async () => {
    const { client, session } = await signedIn();
    const first = await client.refreshSession();
    const second = await client.refreshSession();
    const tokens = [session.refresh_token, first.data.session!.refresh_token, second.data.session!.refresh_token];
    expect(new Set(tokens).size).toBe(3);
    const { rows } = await ctx.database.sql.query<{ token_hash: string }>("SELECT token_hash FROM refresh_tokens");
    for (const token of tokens) expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it("answers a concurrent refresh within the reuse interval with the same new token", async () => {
    const { session } = await signedIn();
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
    expect((await refresh(a.json().refresh_token)).statusCode).toBe(200);
  });

  it("revokes the whole session when a rotated token is reused after the interval", async () => {
    const { session } = await signedIn();
    const child = (await refresh(session.refresh_token)).json().refresh_token as string;
    await ageRevocations(60);

    const reuse = await refresh(session.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({
      code: "refresh_token_already_used",
      msg: "Invalid Refresh Token: Already Used",
    });

    const legit = await refresh(child);
    expect(legit.statusCode).toBe(400);
    expect(legit.json().code).toBe("refresh_token_not_found");
  });

  it("reports a reused token through the official client", async () => {
    const { client, session } = await signedIn();
    await client.refreshSession();
    await ageRevocations(60);
    const thief = authClient(ctx, url);
    const { error } = await thief.refreshSession({ refresh_token: session.refresh_token });
    expect(error?.code).toBe("refresh_token_already_used");
    const { error: victim } = await client.refreshSession();
    expect(victim?.code).toBe("refresh_token_not_found");
  });

  it("refuses an unknown refresh token", async () => {
    const res = await refresh("not-a-token");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "refresh_token_not_found", error: "invalid_grant" });
  });

  it("refuses an unsupported grant type as validation_failed", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=client_credentials",
      headers: { apikey: ctx.config.ANON_KEY },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
  });

  it("signs access tokens that /api/v1 accepts", async () => {
    const { session } = await signedIn();
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/workspaces/",
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
