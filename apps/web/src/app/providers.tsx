import type { GoTrueClient } from "@supabase/auth-js";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { BrowserRouter } from "react-router";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { AppConfig } from "@/lib/app-config";
import { AuthProvider } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { WorkspaceProvider } from "@/lib/workspace";

type AppProvidersProps = { config: AppConfig; authClient: GoTrueClient; children: ReactNode };

export function AppProviders({ config, authClient, children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider
        client={authClient}
        blockedEmailDomains={config.blockedEmailDomains}
        googleEnabled={config.googleEnabled}
      >
        <BrowserRouter>
          <WorkspaceProvider>
            <TooltipProvider>{children}</TooltipProvider>
          </WorkspaceProvider>
        </BrowserRouter>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
