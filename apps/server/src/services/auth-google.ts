import type { GoogleOidc } from "../auth/google.js";
import { emailDomain, googleBlocked, isBlockedEmail, normalizeEmail } from "../auth/email-rules.js";
import { randomCodeVerifier } from "../auth/google.js";
import { AuthApiError, validationFailed } from "../auth/errors.js";
import type { IssuedSession } from "../auth/present.js";
import { randomToken, sha256 } from "../auth/secrets.js";
import type { User } from "../db/schema/index.js";
import { insertFlowState, insertOauthState, takeOauthState } from "../repositories/sessions-flow-states.js";
import {
  findIdentity,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUserIfEmailFree,
  updateUser,
} from "../repositories/users.js";
import { parseChallengeMethod } from "../auth/pkce.js";
import { type AuthContext, safeRedirect } from "./auth-context.js";
import { issueAuthCode, type ClientInfo } from "./auth.js";
import { startSession } from "./auth-sessions.js";

const STATE_TTL_MS = 10 * 60 * 1000;

/** An error to hand back to the web app on the redirect, in the OAuth error parameters. */
export class OAuthRedirectError extends Error {
  constructor(
    public readonly redirectTo: string,
    public readonly error: string,
    public readonly errorCode: string,
    public readonly description: string,
  ) {
    super(description);
  }
}

export interface AuthorizeInput {
  provider?: string;
  redirectTo?: string;
  scopes?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

/** Starts a Google sign-in: remembers state, nonce and verifier, and answers where to send the browser. */
export async function startGoogleSignIn(
  ctx: AuthContext,
  google: GoogleOidc,
  input: AuthorizeInput,
): Promise<{ url: string; state: string }> {
  if (input.provider !== "google" || !google.enabled) {
    throw validationFailed("Unsupported provider: provider is not enabled");
  }
  let flowStateId: string | undefined;
  if (input.codeChallenge) {
    const method = parseChallengeMethod(input.codeChallengeMethod);
    if (!method) throw validationFailed("Code challenge method must be s256 or plain");
    const flow = await insertFlowState(ctx.db, {
      codeChallenge: input.codeChallenge,
      codeChallengeMethod: method,
      providerType: "google",
      authenticationMethod: "oauth",
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    flowStateId = flow.id;
  }
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomCodeVerifier();
  await insertOauthState(ctx.db, {
    stateHash: sha256(state),
    provider: "google",
    codeVerifier,
    nonce,
    redirectTo: safeRedirect(ctx.config, input.redirectTo),
    flowStateId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = await google.authorizationUrl({ state, nonce, codeVerifier, scopes: input.scopes });
  return { url: url.toString(), state };
}

export type GoogleOutcome =
  { kind: "session"; session: IssuedSession; redirectTo: string } | { kind: "code"; code: string; redirectTo: string };

/**
 * Finishes a Google sign-in on the callback. `cookieState` is the state this browser was given
 * at /authorize: a callback carrying another state (a forged or replayed link) is refused.
 */
export async function finishGoogleSignIn(
  ctx: AuthContext,
  google: GoogleOidc,
  callbackUrl: URL,
  cookieState: string | undefined,
  client: ClientInfo,
): Promise<GoogleOutcome> {
  const site = ctx.config.PUBLIC_URL;
  const state = callbackUrl.searchParams.get("state") ?? "";
  const pending = state && cookieState === state ? await takeOauthState(ctx.db, sha256(state)) : undefined;
  if (!pending)
    throw new OAuthRedirectError(
      site,
      "invalid_request",
      "bad_oauth_state",
      "OAuth state parameter missing or invalid",
    );
  const back = pending.redirectTo;

  const providerError = callbackUrl.searchParams.get("error");
  if (providerError) {
    throw new OAuthRedirectError(
      back,
      providerError,
      "bad_oauth_callback",
      callbackUrl.searchParams.get("error_description") ?? "Sign-in was cancelled at the provider",
    );
  }

  let claims: Awaited<ReturnType<GoogleOidc["finish"]>>;
  try {
    claims = await google.finish(callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
  } catch (err) {
    ctx.log.warn({ err }, "Google sign-in failed at the code exchange");
    throw new OAuthRedirectError(back, "server_error", "unexpected_failure", "Unable to exchange external code");
  }

  const email = claims.email ? normalizeEmail(claims.email) : "";
  if (isBlockedEmail(email, ctx.config.BLOCKED_EMAIL_DOMAINS)) {
    throw new OAuthRedirectError(
      back,
      "access_denied",
      "email_address_not_authorized",
      googleBlocked(emailDomain(email)),
    );
  }
  if (claims.email_verified !== true) {
    throw new OAuthRedirectError(
      back,
      "access_denied",
      "provider_email_needs_verification",
      "Unverified email with Google. Verify the address with Google and try again.",
    );
  }

  const user = await linkGoogleAccount(ctx, email, claims);
  if (pending.flowStateId) {
    const code = await issueAuthCode(ctx, pending.flowStateId, user.id);
    if (code) return { kind: "code", code, redirectTo: back };
  }
  return { kind: "session", session: await startSession(ctx, user, "oauth", client), redirectTo: back };
}

/** Finds the user of this Google account, links it to the account with the same address, or creates one. */
async function linkGoogleAccount(
  ctx: AuthContext,
  email: string,
  claims: Awaited<ReturnType<GoogleOidc["finish"]>>,
): Promise<User> {
  const identityData = {
    sub: claims.sub,
    iss: claims.iss,
    email,
    email_verified: true,
    phone_verified: false,
    name: claims.name,
    full_name: claims.name,
    avatar_url: claims.picture,
    picture: claims.picture,
    provider_id: claims.sub,
  };
  const now = new Date();
  const identity = await findIdentity(ctx.db, "google", claims.sub);
  let user = identity ? await findUserById(ctx.db, identity.userId) : await findUserByEmail(ctx.db, email);

  if (!user) {
    user = await insertUserIfEmailFree(ctx.db, {
      email,
      emailConfirmedAt: now,
      userMetadata: {
        ...identityData,
        ...(claims.given_name ? { first_name: claims.given_name } : {}),
        ...(claims.family_name ? { last_name: claims.family_name } : {}),
      },
      appMetadata: { provider: "google", providers: ["google"] },
    });
    user ??= await findUserByEmail(ctx.db, email);
    if (!user) throw new AuthApiError(500, "unexpected_failure", "Database error saving new user");
  } else if (!identity) {
    const providers = Array.isArray(user.appMetadata.providers) ? (user.appMetadata.providers as string[]) : [];
    user = await updateUser(ctx.db, user.id, {
      appMetadata: { ...user.appMetadata, providers: [...new Set([...providers, "google"])] },
      // An unconfirmed password was set by someone who never proved the address; Google just did.
      ...(user.emailConfirmedAt ? {} : { emailConfirmedAt: now, encryptedPassword: null }),
    });
  }
  await insertIdentity(ctx.db, {
    userId: user.id,
    provider: "google",
    providerId: claims.sub,
    identityData,
    lastSignInAt: now,
  });
  return updateUser(ctx.db, user.id, { lastSignInAt: now });
}
