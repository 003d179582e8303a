import { GoTrueClient } from "@supabase/auth-js";
import type { TestContext } from "./harness.js";

/** Listens on a loopback port so a real HTTP client can reach the app; answers the /auth/v1 URL. */
export async function listen(ctx: TestContext): Promise<string> {
  const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return `${address}/auth/v1`;
}

/** The official Supabase Auth client, configured the way the web app configures it. */
export function authClient(ctx: TestContext, url: string, flowType: "implicit" | "pkce" = "implicit"): GoTrueClient {
  return new GoTrueClient({
    url,
    headers: { apikey: ctx.config.ANON_KEY },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType,
  });
}

/** Path and query of a link on PUBLIC_URL, to request it from the app under test. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The parameters in a redirect's fragment and query together, as the client reads them. */
export function redirectParams(location: string): Record<string, string> {
  const url = new URL(location);
  const params: Record<string, string> = {};
  new URLSearchParams(url.hash.slice(1)).forEach((v, k) => {
    params[k] = v;
  });
  url.searchParams.forEach((v, k) => {
    params[k] = v;
  });
  return params;
}

let counter = 0;
/** A fresh organisational address for one test. */
export function workEmail(prefix = "auditor"): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@audit-firm.example`;
}
