import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type AccessClaims, verifyAccessToken } from "../auth/access-token.js";
import { UnauthorizedError } from "../errors.js";

export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it can rely on it. */
    user: SessionUser;
  }
  interface FastifyInstance {
    /** preHandler that demands a valid bearer access token. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

export const authenticatePlugin = fp(async (app) => {
  app.decorateRequest("user", null as unknown as SessionUser);
  app.decorate("requireUser", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError("Not authenticated");
    const claims: AccessClaims = await verifyAccessToken(app.deps.config.JWT_SECRET, token);
    request.user = { id: claims.sub, email: claims.email, sessionId: claims.session_id };
  });
});
