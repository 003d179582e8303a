import { randomUUID } from "node:crypto";
import { signAccessToken } from "../src/auth/access-token.js";
import { type User, users, workspaces, type Workspace } from "../src/db/schema/index.js";
import type { TestContext } from "./harness.js";

let counter = 0;

export interface TestUser {
  user: User;
  accessToken: string;
  headers: { authorization: string };
}

/** Inserts a confirmed user and signs an access token for a new session of theirs. */
export async function buildUser(
  ctx: TestContext,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  counter += 1;
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: `tester${counter}.${randomUUID().slice(0, 8)}@example-audit.com`,
      emailConfirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  const { token } = await signAccessToken(ctx.config.JWT_SECRET, user!, randomUUID(), 3600);
  return { user: user!, accessToken: token, headers: { authorization: `Bearer ${token}` } };
}

export async function buildWorkspace(
  ctx: TestContext,
  owner: User,
  overrides: Partial<typeof workspaces.$inferInsert> = {},
): Promise<Workspace> {
  const [workspace] = await ctx.database.db
    .insert(workspaces)
    .values({ ownerId: owner.id, displayName: `${owner.email}'s Workspace`, type: "team", ...overrides })
    .returning();
  return workspace!;
}
