import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "@/app/providers";
import { AppRoutes } from "@/app/router";
import { loadAppConfig } from "@/lib/app-config";
import { createAuthClient } from "@/lib/auth-client";
import "./index.css";

const root = createRoot(document.getElementById("root")!);

// The anonymous key and blocked domains are read at run time, so one build serves any deployment.
loadAppConfig()
  .then((config) => {
    const authClient = createAuthClient(config);
    root.render(
      <StrictMode>
        <AppProviders config={config} authClient={authClient}>
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <div role="alert" className="p-8 text-sm text-destructive">
        The application could not start: {error instanceof Error ? error.message : String(error)}
      </div>,
    );
  });
