import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** A way a user signs in: 'email' (password) or an OpenID provider such as 'google'. */
export const identities = pgTable(
  "identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The subject at the provider (the user id for 'email'). */
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identities_provider_subject_key").on(t.provider, t.providerId),
    index("identities_user_idx").on(t.userId),
  ],
);

/** A signed-in device. Deleting it ends the session and every refresh token it holds. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the session began: password, oauth or otp (the e-mail link); goes into the JWT amr claim. */
    method: text("method").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/** Refresh tokens, stored as sha256 hashes; each use revokes the token and issues its child. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    revoked: boolean("revoked").notNull().default(false),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash), index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** Single-use tokens sent by mail (sign-up confirmation), stored as sha256 hashes. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the token was sent to. */
    relatesTo: text("relates_to").notNull(),
    /** Set when the sign-up started a PKCE flow: the verify redirect then carries ?code=. */
    flowStateId: uuid("flow_state_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("one_time_tokens_hash_key").on(t.tokenHash),
    index("one_time_tokens_user_kind_idx").on(t.userId, t.kind),
  ],
);

/**
 * A PKCE flow (RFC 7636) begun by the browser: the code challenge it sent and, once the user
 * is known, the hashed auth code it exchanges at /token?grant_type=pkce.
 */
export const flowStates = pgTable(
  "flow_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeChallenge: text("code_challenge").notNull(),
    codeChallengeMethod: text("code_challenge_method").notNull(),
    authenticationMethod: text("authentication_method").notNull(),
    providerType: text("provider_type").notNull(),
    authCodeHash: text("auth_code_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("flow_states_auth_code_key")
      .on(t.authCodeHash)
      .where(sql`${t.authCodeHash} is not null`),
  ],
);

/** An OpenID sign-in under way: what /callback needs to finish it. Kept until used or expired. */
export const oauthStates = pgTable("oauth_states", {
  id: uuid("id").primaryKey().defaultRandom(),
  stateHash: text("state_hash").notNull().unique(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  redirectTo: text("redirect_to").notNull(),
  flowStateId: uuid("flow_state_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type Identity = typeof identities.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;
export type FlowState = typeof flowStates.$inferSelect;
export type OauthState = typeof oauthStates.$inferSelect;
