import { randomUUID } from "node:crypto";
import type { AuthMethod } from "../auth/access-token.js";
import {
  emailDomainNotAllowed,
  emailNotConfirmed,
  invalidCredentials,
  AuthApiError,
  sessionNotFound,
  userNotFound,
  validationFailed,
  weakPassword,
} from "../auth/errors.js";
import {
  isBlockedEmail,
  isValidEmail,
  normalizeEmail,
  RESEND_BLOCKED,
  SIGN_IN_BLOCKED,
  SIGN_UP_BLOCKED,
} from "../auth/email-rules.js";
import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  verifyAgainstNothing,
  verifyPassword,
  weakPasswordReasons,
} from "../auth/passwords.js";
import { type CodeChallengeMethod, parseChallengeMethod, verifierMatches } from "../auth/pkce.js";
import { type IssuedSession, presentUser, type PresentedUser } from "../auth/present.js";
import { randomToken, sha256 } from "../auth/secrets.js";
import type { User } from "../db/schema/index.js";
import { confirmSignupMessage } from "../mail/templates.js";
import {
  consumeFlowState,
  findFlowStateByCode,
  insertFlowState,
  issueFlowStateCode,
} from "../repositories/sessions-flow-states.js";
import {
  consumeOneTimeToken,
  deleteUnusedOneTimeTokens,
  insertOneTimeToken,
} from "../repositories/users-one-time-tokens.js";
import {
  claimConfirmationSend,
  confirmUserEmail,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUserIfEmailFree,
  listIdentitiesOfUser,
  releaseConfirmationSend,
  updateIdentitiesOfUser,
  updateUser,
} from "../repositories/users.js";
import { type AuthContext, safeRedirect } from "./auth-context.js";
import { sessionExists, startSession } from "./auth-sessions.js";

const CONFIRMATION = "confirmation";
const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
/** An auth code must be exchanged soon after the redirect that carries it. */
const AUTH_CODE_TTL_MS = 5 * 60 * 1000;
/**
 * User metadata travels inside every access token; past this size (as JSON) the token outgrows
 * the request-header limits of Node and proxies, and every API call of that user would fail.
 */
export const MAX_USER_METADATA_BYTES = 4096;

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

export interface PkceRequest {
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
}

export type SignUpResult = { kind: "session"; session: IssuedSession } | { kind: "user"; user: PresentedUser };

async function present(ctx: AuthContext, user: User): Promise<PresentedUser> {
  return presentUser(user, await listIdentitiesOfUser(ctx.db, user.id));
}

function requireMetadataSize(data: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_USER_METADATA_BYTES) {
    throw validationFailed(`User metadata must not exceed ${MAX_USER_METADATA_BYTES} bytes`);
  }
}

/** Refuses an unknown challenge method up front, before anything is stored. */
function requireChallengeMethod(pkce: PkceRequest): void {
  if (pkce.codeChallenge && !parseChallengeMethod(pkce.codeChallengeMethod)) {
    throw validationFailed("Code challenge method must be s256 or plain");
  }
}

function requirePasswordStrength(password: string): void {
  const reasons = weakPasswordReasons(password);
  if (reasons.length) throw weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, reasons);
}

/** A PKCE flow to finish later with /token?grant_type=pkce, if the client asked for one. */
async function beginFlow(
  ctx: AuthContext,
  pkce: PkceRequest,
  providerType: string,
  authenticationMethod: string,
): Promise<string | undefined> {
  if (!pkce.codeChallenge) return undefined;
  const method = parseChallengeMethod(pkce.codeChallengeMethod);
  if (!method) throw validationFailed("Code challenge method must be s256 or plain");
  const flow = await insertFlowState(ctx.db, {
    codeChallenge: pkce.codeChallenge,
    codeChallengeMethod: method,
    providerType,
    authenticationMethod,
    expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
  });
  return flow.id;
}

/** Issues the auth code of a PKCE flow once the user is known. */
export async function issueAuthCode(
  ctx: AuthContext,
  flowStateId: string,
  userId: string,
): Promise<string | undefined> {
  const code = randomUUID();
  const flow = await issueFlowStateCode(
    ctx.db,
    flowStateId,
    userId,
    sha256(code),
    new Date(Date.now() + AUTH_CODE_TTL_MS),
  );
  return flow ? code : undefined;
}

/**
 * Mails a sign-up link, unless one went out less than AUTH_EMAIL_MIN_INTERVAL_SECONDS ago.
 * The interval is claimed atomically before anything is sent, so concurrent sign-ups or resends
 * for one address send a single mail.
 */
async function sendConfirmation(
  ctx: AuthContext,
  user: User,
  redirectTo: string | undefined,
  pkce?: PkceRequest,
): Promise<void> {
  const claimedAt = await claimConfirmationSend(ctx.db, user.id, ctx.config.AUTH_EMAIL_MIN_INTERVAL_SECONDS);
  if (!claimedAt) return;
  try {
    const flowStateId = pkce ? await beginFlow(ctx, pkce, "email", "email/signup") : undefined;
    const token = randomToken();
    await insertOneTimeToken(ctx.db, {
      userId: user.id,
      kind: CONFIRMATION,
      tokenHash: sha256(token),
      relatesTo: user.email,
      flowStateId,
      expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS),
    });
    const link = new URL(`${ctx.config.PUBLIC_URL}/auth/v1/verify`);
    link.searchParams.set("token", token);
    link.searchParams.set("type", "signup");
    link.searchParams.set("redirect_to", safeRedirect(ctx.config, redirectTo));
    try {
      await ctx.mailer.send(confirmSignupMessage(user.email, link.toString()));
    } catch (err) {
      ctx.log.error({ err }, "sending the confirmation mail failed");
      throw new AuthApiError(500, "unexpected_failure", "Error sending confirmation email");
    }
    if (ctx.mailer.kind === "outbox")
      ctx.log.info({ to: user.email, link: link.toString() }, `verification link: ${link}`);
  } catch (err) {
    // Nothing reached the user, so the next attempt must not wait out the interval.
    await releaseConfirmationSend(ctx.db, user.id, claimedAt, user.confirmationSentAt);
    throw err;
  }
}

/**
 * A stand-in for an address that already has a confirmed account, shaped like a new
 * unconfirmed user, so sign-up does not reveal who is registered (as Supabase Auth does).
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): PresentedUser {
  const now = new Date();
  return {
    ...presentUser(
      {
        id: randomUUID(),
        email,
        encryptedPassword: null,
        emailConfirmedAt: null,
        confirmationSentAt: now,
        lastSignInAt: null,
        userMetadata: data,
        appMetadata: { provider: "email", providers: ["email"] },
        createdAt: now,
        updatedAt: now,
      },
      [],
    ),
  };
}

export interface SignUpInput extends PkceRequest {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
  redirectTo?: string;
}

export async function signUp(ctx: AuthContext, input: SignUpInput, client: ClientInfo): Promise<SignUpResult> {
  if (isBlockedEmail(input.email, ctx.config.BLOCKED_EMAIL_DOMAINS)) throw emailDomainNotAllowed(SIGN_UP_BLOCKED);
  const email = normalizeEmail(input.email!);
  if (!isValidEmail(email)) throw validationFailed("Unable to validate email address: invalid format");
  if (!input.password) throw new AuthApiError(422, "validation_failed", "Signup requires a valid password");
  requirePasswordStrength(input.password);
  requireChallengeMethod(input);
  const data = input.data ?? {};
  requireMetadataSize(data);
  const autoconfirm = ctx.config.AUTH_AUTOCONFIRM;

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return signUpExisting(ctx, existing, input, data);

  const inserted = await insertUserIfEmailFree(ctx.db, {
    email,
    encryptedPassword: await hashPassword(input.password),
    userMetadata: data,
    appMetadata: { provider: "email", providers: ["email"] },
    emailConfirmedAt: autoconfirm ? new Date() : null,
  });
  if (!inserted) {
    // A concurrent sign-up took the address between the lookup and the insert.
    const winner = await findUserByEmail(ctx.db, email);
    if (!winner) throw new AuthApiError(500, "unexpected_failure", "Database error saving new user");
    return signUpExisting(ctx, winner, input, data);
  }
  await insertIdentity(ctx.db, {
    userId: inserted.id,
    provider: "email",
    providerId: inserted.id,
    identityData: { sub: inserted.id, email, email_verified: autoconfirm, phone_verified: false },
  });

  if (autoconfirm) {
    const user = await updateUser(ctx.db, inserted.id, { lastSignInAt: new Date() });
    return { kind: "session", session: await startSession(ctx, user, "password", client) };
  }
  await sendConfirmation(ctx, inserted, input.redirectTo, input);
  return { kind: "user", user: await present(ctx, (await findUserById(ctx.db, inserted.id))!) };
}

async function signUpExisting(
  ctx: AuthContext,
  existing: User,
  input: SignUpInput,
  data: Record<string, unknown>,
): Promise<SignUpResult> {
  if (existing.emailConfirmedAt) {
    if (ctx.config.AUTH_AUTOCONFIRM) throw new AuthApiError(422, "user_already_exists", "User already registered");
    return { kind: "user", user: obfuscatedUser(existing.email, data) };
  }
  // Unconfirmed: the claim to the address is unproven, so nothing is changed; the link is sent again.
  await sendConfirmation(ctx, existing, input.redirectTo, input);
  return { kind: "user", user: await present(ctx, (await findUserById(ctx.db, existing.id))!) };
}

export async function signInWithPassword(
  ctx: AuthContext,
  input: { email?: string; password?: string },
  client: ClientInfo,
): Promise<IssuedSession> {
  if (isBlockedEmail(input.email, ctx.config.BLOCKED_EMAIL_DOMAINS)) throw emailDomainNotAllowed(SIGN_IN_BLOCKED);
  const password = input.password ?? "";
  const user = await findUserByEmail(ctx.db, normalizeEmail(input.email!));
  if (!user?.encryptedPassword) {
    await verifyAgainstNothing(password);
    throw invalidCredentials();
  }
  // Before the password check, so the web app's "is this address verified?" probe works (decision 012).
  if (!user.emailConfirmedAt) throw emailNotConfirmed();
  if (!(await verifyPassword(user.encryptedPassword, password))) throw invalidCredentials();
  const signedIn = await updateUser(ctx.db, user.id, { lastSignInAt: new Date() });
  await updateIdentitiesOfUser(ctx.db, user.id, "email", { lastSignInAt: new Date() });
  return startSession(ctx, signedIn, "password", client);
}

/** Sends the sign-up link again. The answer never depends on whether the address has an account. */
export async function resendConfirmation(
  ctx: AuthContext,
  input: { email?: string; type?: string; redirectTo?: string },
): Promise<void> {
  if (input.type !== "signup") throw validationFailed("Missing one of these types: signup");
  if (isBlockedEmail(input.email, ctx.config.BLOCKED_EMAIL_DOMAINS)) throw emailDomainNotAllowed(RESEND_BLOCKED);
  const email = normalizeEmail(input.email!);
  if (!isValidEmail(email)) throw validationFailed("Unable to validate email address: invalid format");
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailConfirmedAt) return;
  await sendConfirmation(ctx, user, input.redirectTo);
}

export type VerifyOutcome =
  { kind: "session"; session: IssuedSession; redirectTo: string } | { kind: "code"; code: string; redirectTo: string };

/** Redeems a sign-up link token (single use, 24 h) and confirms the address. */
export async function verifySignupToken(
  ctx: AuthContext,
  token: string,
  redirectTo: string | undefined,
  client: ClientInfo,
): Promise<VerifyOutcome> {
  const target = safeRedirect(ctx.config, redirectTo);
  const used = await consumeOneTimeToken(ctx.db, CONFIRMATION, sha256(token));
  if (!used) throw new AuthApiError(403, "otp_expired", "Email link is invalid or has expired");
  const user = await confirmUserEmail(ctx.db, used.userId);
  await updateIdentitiesOfUser(ctx.db, user.id, "email", {
    identityData: { sub: user.id, email: user.email, email_verified: true, phone_verified: false },
  });
  // Other links sent earlier must not sign anyone in once the address is confirmed.
  await deleteUnusedOneTimeTokens(ctx.db, user.id, CONFIRMATION);
  if (used.flowStateId) {
    const code = await issueAuthCode(ctx, used.flowStateId, user.id);
    if (code) return { kind: "code", code, redirectTo: target };
  }
  const signedIn = await updateUser(ctx.db, user.id, { lastSignInAt: new Date() });
  return { kind: "session", session: await startSession(ctx, signedIn, "otp", client), redirectTo: target };
}

/** Finishes a PKCE flow: the auth code from the redirect plus the verifier only the client knows. */
export async function exchangeAuthCode(
  ctx: AuthContext,
  input: { authCode?: string; codeVerifier?: string },
  client: ClientInfo,
): Promise<IssuedSession> {
  if (!input.authCode || !input.codeVerifier)
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  const flow = await findFlowStateByCode(ctx.db, sha256(input.authCode));
  if (!flow?.userId || flow.usedAt)
    throw new AuthApiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  if (flow.expiresAt <= new Date())
    throw new AuthApiError(400, "flow_state_expired", "invalid flow state, flow state has expired");
  if (!verifierMatches(flow.codeChallenge, flow.codeChallengeMethod as CodeChallengeMethod, input.codeVerifier)) {
    throw new AuthApiError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  if (!(await consumeFlowState(ctx.db, flow.id))) {
    throw new AuthApiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  }
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw userNotFound();
  const method: AuthMethod = flow.authenticationMethod === "oauth" ? "oauth" : "otp";
  return startSession(ctx, user, method, client);
}

/** The signed-in user, provided the session in the access token still exists. */
export async function getSessionUser(ctx: AuthContext, userId: string, sessionId: string): Promise<PresentedUser> {
  if (!(await sessionExists(ctx, sessionId))) throw sessionNotFound();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw userNotFound();
  return present(ctx, user);
}

export interface UpdateUserInput {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
}

/** Changes the password and/or merges user metadata (a null value removes the key). */
export async function updateSessionUser(
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  input: UpdateUserInput,
): Promise<PresentedUser> {
  if (!(await sessionExists(ctx, sessionId))) throw sessionNotFound();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw userNotFound();
  const changes: Parameters<typeof updateUser>[2] = {};
  if (input.email !== undefined && normalizeEmail(input.email) !== normalizeEmail(user.email)) {
    throw new AuthApiError(422, "email_change_not_supported", "Changing the e-mail address is not supported");
  }
  if (input.password !== undefined) {
    requirePasswordStrength(input.password);
    if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, input.password))) {
      throw new AuthApiError(422, "same_password", "New password should be different from the old password.");
    }
    changes.encryptedPassword = await hashPassword(input.password);
  }
  if (input.data) {
    const merged: Record<string, unknown> = { ...user.userMetadata };
    for (const [key, value] of Object.entries(input.data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    requireMetadataSize(merged);
    changes.userMetadata = merged;
  }
  const updated = Object.keys(changes).length ? await updateUser(ctx.db, user.id, changes) : user;
  return present(ctx, updated);
}
