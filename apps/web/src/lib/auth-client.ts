import { GoTrueClient } from "@supabase/auth-js";
import type { AppConfig } from "@/lib/app-config";

/**
 * The official Supabase Auth client, pointed at this server's /auth/v1. PKCE: the session never
 * travels in a URL fragment, and a verification link only signs in the browser that signed up.
 */
export function createAuthClient(config: AppConfig, origin = window.location.origin): GoTrueClient {
  return new GoTrueClient({
    url: `${origin}/auth/v1`,
    headers: { apikey: config.anonKey },
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: "pkce",
    storageKey: "workbench-auth",
  });
}
