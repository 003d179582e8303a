import type { Identity, User } from "../db/schema/index.js";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function presentIdentity(identity: Identity) {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: iso(identity.createdAt),
    updated_at: iso(identity.updatedAt),
    email: typeof identity.identityData.email === "string" ? identity.identityData.email : undefined,
  };
}

/** The user object of the Supabase Auth API. */
export function presentUser(user: User, identities: Identity[]) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: "",
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(presentIdentity),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: false,
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  expiresAt: number;
  user: PresentedUser;
}

export function presentSession(session: IssuedSession) {
  return {
    access_token: session.accessToken,
    token_type: "bearer",
    expires_in: session.expiresIn,
    expires_at: session.expiresAt,
    refresh_token: session.refreshToken,
    user: session.user,
  };
}

/** The session as URL fragment parameters, for redirects back to the web app (implicit flow). */
export function sessionFragment(session: IssuedSession, type?: string): string {
  const params = new URLSearchParams({
    access_token: session.accessToken,
    expires_at: String(session.expiresAt),
    expires_in: String(session.expiresIn),
    refresh_token: session.refreshToken,
    token_type: "bearer",
  });
  if (type) params.set("type", type);
  return params.toString();
}
