import * as oidc from "openid-client";
import type { Config } from "../config/env.js";

export interface OidcClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  iss: string;
}

/**
 * Google sign-in through OpenID Connect (authorization code + PKCE + state + nonce). The issuer
 * is discovered once, on first use; GOOGLE_ISSUER_URL lets tests and private setups point elsewhere.
 */
export class GoogleOidc {
  private configuration?: Promise<oidc.Configuration>;

  constructor(
    private readonly config: Pick<
      Config,
      "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_ISSUER_URL" | "PUBLIC_URL"
    >,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL}/auth/v1/callback`;
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.config.GOOGLE_ISSUER_URL),
        this.config.GOOGLE_CLIENT_ID!,
        { client_secret: this.config.GOOGLE_CLIENT_SECRET, redirect_uris: [this.redirectUri] },
        undefined,
        // Plain http is only accepted for an issuer the operator configured that way (a loopback test issuer).
        this.config.GOOGLE_ISSUER_URL.startsWith("http://") ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async authorizationUrl(checks: {
    state: string;
    nonce: string;
    codeVerifier: string;
    scopes?: string;
  }): Promise<URL> {
    const configuration = await this.discover();
    const scopes = new Set(["openid", "email", "profile", ...(checks.scopes?.split(/[\s,]+/).filter(Boolean) ?? [])]);
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: [...scopes].join(" "),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    });
  }

  /** Exchanges the code on the callback URL and answers the verified ID token claims. */
  async finish(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcClaims> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("the provider returned no ID token");
    return claims as unknown as OidcClaims;
  }
}

export const randomCodeVerifier = oidc.randomPKCECodeVerifier;
