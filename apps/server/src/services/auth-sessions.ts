import { type AuthMethod, signAccessToken } from "../auth/access-token.js";
import { refreshTokenAlreadyUsed, refreshTokenNotFound, userNotFound } from "../auth/errors.js";
import { type IssuedSession, presentUser } from "../auth/present.js";
import { hmac, randomToken, sha256 } from "../auth/secrets.js";
import type { Db } from "../db/client.js";
import type { User } from "../db/schema/index.js";
import { findUserById, listIdentitiesOfUser } from "../repositories/users.js";
import {
  deleteSession,
  deleteSessionsOfUser,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  revokeActiveRefreshToken,
  touchSession,
} from "../repositories/sessions.js";
import type { AuthContext } from "./auth-context.js";

/**
 * A rotated refresh token presented again within this many seconds is taken as a concurrent
 * refresh (two tabs, a retried request) rather than theft, as Supabase Auth does.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export type LogoutScope = "global" | "local" | "others";

/**
 * The token that replaces `parent`. Derived with an HMAC under the server secret, so a
 * concurrent refresh with the same parent can be answered with the same child although only
 * hashes are stored; without the secret it is as unguessable as a random token.
 */
function childToken(secret: string, parent: string): string {
  return hmac(secret, `refresh-token-child:${parent}`);
}

async function accessTokenFor(ctx: AuthContext, user: User, sessionId: string, method: AuthMethod) {
  return signAccessToken(ctx.config.JWT_SECRET, user, sessionId, ctx.config.JWT_EXPIRY_SECONDS, method);
}

async function sessionPayload(
  ctx: AuthContext,
  db: Db,
  user: User,
  sessionId: string,
  method: AuthMethod,
  refreshToken: string,
): Promise<IssuedSession> {
  const { token, expiresAt } = await accessTokenFor(ctx, user, sessionId, method);
  return {
    accessToken: token,
    refreshToken,
    expiresIn: ctx.config.JWT_EXPIRY_SECONDS,
    expiresAt,
    user: presentUser(user, await listIdentitiesOfUser(db, user.id)),
  };
}

/** Starts a session for the user: a session row, its first refresh token and an access token. */
export async function startSession(
  ctx: AuthContext,
  user: User,
  method: AuthMethod,
  client: { userAgent?: string; ip?: string } = {},
): Promise<IssuedSession> {
  const session = await insertSession(ctx.db, {
    userId: user.id,
    method,
    userAgent: client.userAgent?.slice(0, 512),
    ip: client.ip,
  });
  const refreshToken = randomToken();
  await insertRefreshToken(ctx.db, { tokenHash: sha256(refreshToken), sessionId: session.id, userId: user.id });
  return sessionPayload(ctx, ctx.db, user, session.id, method, refreshToken);
}

/**
 * Exchanges a refresh token for a new session payload, rotating it. A token used twice
 * outside the reuse interval means it leaked: the whole session (every token descended from
 * the same sign-in) is revoked.
 */
export async function refreshSession(ctx: AuthContext, presented: string): Promise<IssuedSession> {
  const tokenHash = sha256(presented);
  const child = childToken(ctx.config.JWT_SECRET, presented);

  const rotated = await ctx.db.transaction(async (tx) => {
    const parent = await revokeActiveRefreshToken(tx as unknown as Db, tokenHash);
    if (!parent) return undefined;
    await insertRefreshToken(tx as unknown as Db, {
      tokenHash: sha256(child),
      sessionId: parent.sessionId,
      userId: parent.userId,
      parentId: parent.id,
    });
    return parent;
  });

  const token = rotated ?? (await findRefreshToken(ctx.db, tokenHash));
  if (!token) throw refreshTokenNotFound();

  if (!rotated) {
    const revokedFor = token.revokedAt ? (Date.now() - token.revokedAt.getTime()) / 1000 : Infinity;
    const successor = await findRefreshToken(ctx.db, sha256(child));
    const concurrent = revokedFor <= REFRESH_REUSE_INTERVAL_SECONDS && successor && !successor.revoked;
    if (!concurrent) {
      await deleteSession(ctx.db, token.sessionId);
      ctx.log.warn({ sessionId: token.sessionId, userId: token.userId }, "refresh token reused; session revoked");
      throw refreshTokenAlreadyUsed();
    }
  }

  const session = await findSession(ctx.db, token.sessionId);
  if (!session) throw refreshTokenNotFound();
  const user = await findUserById(ctx.db, token.userId);
  if (!user) throw userNotFound();
  await touchSession(ctx.db, session.id);
  return sessionPayload(ctx, ctx.db, user, session.id, session.method as AuthMethod, child);
}

/** Ends sessions: this one (local), all of the user's (global) or all but this one (others). */
export async function endSessions(ctx: AuthContext, userId: string, sessionId: string, scope: LogoutScope) {
  if (scope === "local") return deleteSession(ctx.db, sessionId);
  if (scope === "others") return deleteSessionsOfUser(ctx.db, userId, sessionId);
  return deleteSessionsOfUser(ctx.db, userId);
}

export async function sessionExists(ctx: AuthContext, sessionId: string): Promise<boolean> {
  return Boolean(await findSession(ctx.db, sessionId));
}
