import { z } from "zod";

// Lenient on purpose: missing fields get the Supabase Auth error of the service
// (e.g. 'Signup requires a valid password'), not a generic schema message.
const metadata = z.record(z.string(), z.unknown());

export const RedirectQuery = z.object({ redirect_to: z.string().optional() });

export const SignUpBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export const TokenQuery = z.object({ grant_type: z.string().optional() });

export const TokenBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  auth_code: z.string().optional(),
  code_verifier: z.string().optional(),
});

export const LogoutQuery = z.object({ scope: z.enum(["global", "local", "others"]).default("global") });

export const UpdateUserBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.optional(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export const ResendBody = z.object({ email: z.string().optional(), type: z.string().optional() });

export const VerifyQuery = z.object({
  token: z.string().default(""),
  type: z.string().default(""),
  redirect_to: z.string().optional(),
});

export const VerifyBody = z.object({
  type: z.string().optional(),
  token_hash: z.string().optional(),
  redirect_to: z.string().optional(),
});

export const AuthorizeQuery = z.object({
  provider: z.string().optional(),
  redirect_to: z.string().optional(),
  scopes: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});
