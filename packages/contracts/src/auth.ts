import { z } from "zod";

/** GET /auth/v1/settings: which sign-in methods this server offers (Supabase Auth shape). */
export const AuthSettings = z.object({
  external: z.object({ email: z.boolean(), google: z.boolean(), phone: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
  anonymous_users: z.boolean(),
});
export type AuthSettings = z.infer<typeof AuthSettings>;
