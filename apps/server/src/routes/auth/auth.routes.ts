import cookie from "@fastify/cookie";
import { AuthSettings } from "@workbench/contracts";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from "fastify-type-provider-zod";
import { verifyAccessToken } from "../../auth/access-token.js";
import { AuthApiError, badJwt, noAuthorization, validationFailed } from "../../auth/errors.js";
import { GoogleOidc } from "../../auth/google.js";
import { type IssuedSession, presentSession, sessionFragment } from "../../auth/present.js";
import { constantTimeEqual } from "../../auth/secrets.js";
import { AppError } from "../../errors.js";
import { createMailer, type Mailer } from "../../mail/index.js";
import { bearerToken } from "../../plugins/authenticate.js";
import {
  exchangeAuthCode,
  getSessionUser,
  resendConfirmation,
  signInWithPassword,
  signUp,
  updateSessionUser,
  verifySignupToken,
} from "../../services/auth.js";
import { type AuthContext, safeRedirect } from "../../services/auth-context.js";
import { finishGoogleSignIn, OAuthRedirectError, startGoogleSignIn } from "../../services/auth-google.js";
import { endSessions, refreshSession } from "../../services/auth-sessions.js";
import {
  AuthorizeQuery,
  LogoutQuery,
  RedirectQuery,
  ResendBody,
  SignUpBody,
  TokenBody,
  TokenQuery,
  UpdateUserBody,
  VerifyBody,
  VerifyQuery,
} from "./auth.schemas.js";

/** The Supabase Auth API version whose error shape (`code` = error code) these routes speak. */
const API_VERSION = "2024-01-01";
const STATE_COOKIE = "wb-oauth-state";
/** Reached by the browser itself (mail link, provider redirects), which cannot send an apikey header. */
const BROWSER_ROUTES = new Set(["/verify", "/authorize", "/callback"]);

export interface AuthRoutesOptions {
  /** Replaces the mailer chosen from the settings. */
  mailer?: Mailer;
}

/**
 * The identity server under /auth/v1: the Supabase Auth (GoTrue) HTTP protocol, so the web
 * app uses the official @supabase/auth-js client unchanged (decision 010).
 */
export async function authRoutes(root: FastifyInstance, options: AuthRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const mailer = options.mailer ?? createMailer(config);
  const google = new GoogleOidc(config);
  const ctx: AuthContext = { db: database.db, config, mailer, log: app.log };
  app.addHook("onClose", async () => mailer.close());

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AuthApiError(429, "over_request_rate_limit", "Request rate limit reached"),
  });
  const limited = { rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: "1 minute" } };

  // The client posts /logout with a JSON content type and no body; Supabase Auth accepts that.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    if (!(body as string).trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(validationFailed("Could not parse request body as JSON"), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => sendAuthError(error, request, reply));
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(404, "not_found", "Not found")));

  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Supabase-Api-Version", API_VERSION);
    reply.header("Cache-Control", "no-store");
  });

  app.addHook("onRequest", async (request) => {
    const path = (request.routeOptions.url ?? request.url).replace(/^\/auth\/v1/, "").split("?")[0]!;
    if (request.method === "GET" && BROWSER_ROUTES.has(path)) return;
    await requireApiKey(request, config.ANON_KEY, config.JWT_SECRET);
  });

  const client = (request: FastifyRequest) => ({ userAgent: request.headers["user-agent"], ip: request.ip });

  app.get("/settings", { schema: { tags: ["auth"], response: { 200: AuthSettings } } }, async () => ({
    external: { email: true, google: google.enabled, phone: false },
    disable_signup: false,
    mailer_autoconfirm: config.AUTH_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
    anonymous_users: false,
  }));

  app.post(
    "/signup",
    { config: limited, schema: { tags: ["auth"], querystring: RedirectQuery, body: SignUpBody } },
    async (request) => {
      const body = request.body;
      const result = await signUp(
        ctx,
        {
          email: body.email,
          password: body.password,
          data: body.data ?? undefined,
          redirectTo: request.query.redirect_to,
          codeChallenge: body.code_challenge,
          codeChallengeMethod: body.code_challenge_method,
        },
        client(request),
      );
      return result.kind === "session" ? presentSession(result.session) : result.user;
    },
  );

  app.post(
    "/token",
    {
      // Only password sign-in counts against the limit; refreshes come every hour from every tab.
      config: {
        rateLimit: { ...limited.rateLimit, allowList: (req: FastifyRequest) => grantType(req) !== "password" },
      },
      schema: { tags: ["auth"], querystring: TokenQuery, body: TokenBody },
    },
    async (request) => {
      const body = request.body;
      let session: IssuedSession;
      switch (request.query.grant_type) {
        case "password":
          session = await signInWithPassword(ctx, body, client(request));
          break;
        case "refresh_token":
          if (!body.refresh_token) throw validationFailed("Refresh token is required");
          session = await refreshSession(ctx, body.refresh_token);
          break;
        case "pkce":
          session = await exchangeAuthCode(
            ctx,
            { authCode: body.auth_code, codeVerifier: body.code_verifier },
            client(request),
          );
          break;
        default:
          throw validationFailed("unsupported_grant_type");
      }
      return presentSession(session);
    },
  );

  app.post("/logout", { schema: { tags: ["auth"], querystring: LogoutQuery } }, async (request, reply) => {
    const claims = await requireBearer(request, config.JWT_SECRET);
    await endSessions(ctx, claims.sub, claims.session_id, request.query.scope);
    return reply.status(204).send();
  });

  app.get("/user", { schema: { tags: ["auth"] } }, async (request) => {
    const claims = await requireBearer(request, config.JWT_SECRET);
    return getSessionUser(ctx, claims.sub, claims.session_id);
  });

  app.put("/user", { schema: { tags: ["auth"], body: UpdateUserBody } }, async (request) => {
    const claims = await requireBearer(request, config.JWT_SECRET);
    const { email, password, data } = request.body;
    return updateSessionUser(ctx, claims.sub, claims.session_id, { email, password, data });
  });

  app.post(
    "/resend",
    { config: limited, schema: { tags: ["auth"], querystring: RedirectQuery, body: ResendBody } },
    async (request) => {
      await resendConfirmation(ctx, { ...request.body, redirectTo: request.query.redirect_to });
      return {};
    },
  );

  // The link in the confirmation mail: confirms the address and sends the browser back signed in.
  app.get("/verify", { schema: { tags: ["auth"], querystring: VerifyQuery } }, async (request, reply) => {
    const { token, type, redirect_to } = request.query;
    try {
      if (type !== "signup" && type !== "email")
        throw new AuthApiError(403, "otp_expired", "Email link is invalid or has expired");
      const outcome = await verifySignupToken(ctx, token, redirect_to, client(request));
      return reply.redirect(
        outcome.kind === "code"
          ? withQuery(outcome.redirectTo, { code: outcome.code })
          : withFragment(outcome.redirectTo, sessionFragment(outcome.session, "signup")),
        303,
      );
    } catch (err) {
      if (!(err instanceof AuthApiError)) throw err;
      const target = safeRedirect(config, redirect_to);
      const params = new URLSearchParams({
        error: "access_denied",
        error_code: err.code,
        error_description: err.message,
      });
      return reply.redirect(withFragment(target, params.toString()), 303);
    }
  });

  // verifyOtp({ token_hash, type }) from the client: the same token, answered as JSON.
  app.post("/verify", { schema: { tags: ["auth"], body: VerifyBody } }, async (request) => {
    const { type, token_hash } = request.body;
    if (type !== "signup" && type !== "email") throw validationFailed("Verify requires a verification type");
    if (!token_hash) throw validationFailed("Verify requires a token_hash");
    const outcome = await verifySignupToken(ctx, token_hash, undefined, client(request));
    if (outcome.kind === "code") throw validationFailed("This link belongs to a PKCE flow; open it in the browser");
    return presentSession(outcome.session);
  });

  app.get("/authorize", { schema: { tags: ["auth"], querystring: AuthorizeQuery } }, async (request, reply) => {
    const q = request.query;
    const { url, state } = await startGoogleSignIn(ctx, google, {
      provider: q.provider,
      redirectTo: q.redirect_to,
      scopes: q.scopes,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: q.code_challenge_method,
    });
    // Binds the sign-in to this browser: a callback arriving elsewhere (login CSRF) finds no cookie.
    reply.setCookie(STATE_COOKIE, state, {
      path: "/auth/v1/callback",
      httpOnly: true,
      sameSite: "lax",
      secure: config.PUBLIC_URL.startsWith("https://"),
      maxAge: 600,
    });
    return reply.redirect(url, 302);
  });

  app.get("/callback", { schema: { tags: ["auth"] } }, async (request, reply) => {
    // The URL the provider redirected to, as registered: the code exchange must present it exactly.
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    const callbackUrl = new URL(`${google.redirectUri}${query}`);
    reply.clearCookie(STATE_COOKIE, { path: "/auth/v1/callback" });
    try {
      const outcome = await finishGoogleSignIn(
        ctx,
        google,
        callbackUrl,
        request.cookies[STATE_COOKIE],
        client(request),
      );
      return reply.redirect(
        outcome.kind === "code"
          ? withQuery(outcome.redirectTo, { code: outcome.code })
          : withFragment(outcome.redirectTo, sessionFragment(outcome.session)),
        302,
      );
    } catch (err) {
      if (!(err instanceof OAuthRedirectError)) throw err;
      const params = { error: err.error, error_code: err.errorCode, error_description: err.description };
      // In the query (read by the PKCE client and by pages) and in the fragment (the implicit client).
      return reply.redirect(
        withFragment(withQuery(err.redirectTo, params), new URLSearchParams(params).toString()),
        302,
      );
    }
  });
}

function grantType(request: FastifyRequest): string | undefined {
  return (request.query as { grant_type?: string } | undefined)?.grant_type;
}

function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function withFragment(target: string, fragment: string): string {
  const url = new URL(target);
  url.hash = fragment;
  return url.toString();
}

/** The anon key in the apikey header, or (as a Supabase gateway allows) the anon key or an access token as bearer. */
async function requireApiKey(request: FastifyRequest, anonKey: string, secret: string): Promise<void> {
  const apikey = request.headers.apikey;
  if (typeof apikey === "string" && apikey) {
    if (constantTimeEqual(apikey, anonKey)) return;
    throw new AuthApiError(401, "invalid_api_key", "Invalid API key");
  }
  const bearer = bearerToken(request);
  if (bearer && constantTimeEqual(bearer, anonKey)) return;
  if (bearer) {
    try {
      await verifyAccessToken(secret, bearer);
      return;
    } catch {
      // fall through: no usable key
    }
  }
  throw new AuthApiError(401, "no_api_key", "No API key found in request");
}

async function requireBearer(request: FastifyRequest, secret: string) {
  const token = bearerToken(request);
  if (!token) throw noAuthorization();
  try {
    return await verifyAccessToken(secret, token);
  } catch {
    throw badJwt();
  }
}

/** The Supabase Auth fields the client reads, plus the `detail` every other API error carries. */
function errorBody(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { code, error_code: code, msg: message, detail: message, ...extra };
}

function sendAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const onToken = request.routeOptions.url?.endsWith("/token");
  // The token endpoint also carries the OAuth 2.0 error fields (RFC 6749 §5.2).
  const oauth = (status: number, message: string) =>
    onToken ? { error: status === 429 ? "over_request_rate_limit" : "invalid_grant", error_description: message } : {};

  if (error instanceof AuthApiError) {
    return reply
      .status(error.status)
      .send(
        errorBody(error.status, error.code, error.message, { ...oauth(error.status, error.message), ...error.extra }),
      );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
    const message = `Invalid ${error.validationContext ?? "body"}${field ? ` field '${field}'` : ""}: ${first?.message ?? "bad input"}`;
    return reply.status(400).send(errorBody(400, "validation_failed", message, oauth(400, message)));
  }
  if (error instanceof AppError) {
    // A 400 from shared code (such as the NUL-character check) is a validation failure to the client.
    const code = error.status === 400 ? "validation_failed" : "unexpected_failure";
    return reply.status(error.status).send(errorBody(error.status, code, error.message));
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    const message = (error as Error).message;
    return reply.status(status).send(errorBody(status, "validation_failed", message, oauth(status, message)));
  }
  request.log.error({ err: error }, "unhandled error in /auth/v1");
  return reply.status(500).send(errorBody(500, "unexpected_failure", "Internal server error"));
}
