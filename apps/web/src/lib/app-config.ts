import { z } from "zod";

/** Run-time settings served by the server, so one build runs on any deployment. */
export const AppConfig = z.object({
  anonKey: z.string(),
  googleEnabled: z.boolean().default(false),
  blockedEmailDomains: z.array(z.string()).default([]),
});
export type AppConfig = z.infer<typeof AppConfig>;

export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl("/app-config.json", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the application settings: ${response.status}`);
  return AppConfig.parse(await response.json());
}
