import {
  type AuthError,
  type GoTrueClient,
  isAuthPKCECodeVerifierMissingError,
  type Session,
  type User,
} from "@supabase/auth-js";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { configureApiClient } from "@/lib/api-client";
import {
  emailDomain,
  isAllowedEmail,
  OrganizationalEmailRequired,
  oauthBlockedMessage,
  RESEND_BLOCKED_MESSAGE,
  SIGN_IN_BLOCKED_MESSAGE,
  SIGN_UP_BLOCKED_MESSAGE,
} from "@/lib/email-domain";

export type SignUpInput = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  referralSource?: string;
};

type Outcome = { error: Error | AuthError | null };

export type AuthContextValue = {
  user: User | null;
  session: Session | null;
  loading: boolean;
  googleEnabled: boolean;
  signIn(email: string, password: string): Promise<Outcome>;
  signUp(input: SignUpInput): Promise<Outcome & { user: User | null }>;
  signOut(): Promise<Outcome>;
  signInWithGoogle(): Promise<Outcome>;
  resendVerification(email: string): Promise<Outcome>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthProviderProps = {
  client: GoTrueClient;
  blockedEmailDomains: readonly string[];
  googleEnabled?: boolean;
  children: ReactNode;
};

export function AuthProvider({ client, blockedEmailDomains, googleEnabled = false, children }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    configureApiClient({ getAccessToken: async () => (await client.getSession()).data.session?.access_token });
  }, [client]);

  useEffect(() => {
    let active = true;

    // A session for a blocked domain (e.g. from Google) is dropped at once.
    const accept = async (next: Session | null) => {
      const email = next?.user?.email;
      if (next && !isAllowedEmail(email, blockedEmailDomains)) {
        toast.error("Sign In Failed", { description: oauthBlockedMessage(emailDomain(email) ?? "unknown") });
        await client.signOut({ scope: "local" });
        next = null;
      }
      if (active) setSession(next);
    };

    const { data } = client.onAuthStateChange((_event, next) => {
      // Deferred: the client holds its lock while notifying, and signOut needs that lock.
      setTimeout(() => void accept(next), 0);
    });

    void client.initialize().then(async ({ error }) => {
      // The server refuses Google accounts of blocked domains and says so in the redirect URL.
      if (isAuthPKCECodeVerifierMissingError(error)) {
        // A verification link opened in another browser verifies the address but cannot sign in.
        toast.success("Email verified", { description: "Your email address is verified. Please log in." });
      } else if (error) {
        toast.error("Sign In Failed", { description: error.message });
      }
      const { data: current } = await client.getSession();
      await accept(current.session);
      if (active) setLoading(false);
    });

    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [client, blockedEmailDomains]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<Outcome> => {
      if (!isAllowedEmail(email, blockedEmailDomains)) {
        return { error: new OrganizationalEmailRequired(SIGN_IN_BLOCKED_MESSAGE) };
      }
      const { error } = await client.signInWithPassword({ email: email.trim(), password });
      return { error };
    },
    [client, blockedEmailDomains],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      if (!isAllowedEmail(input.email, blockedEmailDomains)) {
        return { error: new OrganizationalEmailRequired(SIGN_UP_BLOCKED_MESSAGE), user: null };
      }
      const { data, error } = await client.signUp({
        email: input.email.trim(),
        password: input.password,
        options: {
          // The verification link lands on /signup, which ensures the workspace once signed in.
          emailRedirectTo: `${window.location.origin}/signup`,
          data: {
            first_name: input.firstName ?? "",
            last_name: input.lastName ?? "",
            full_name: [input.firstName, input.lastName].filter(Boolean).join(" "),
            referral_source: input.referralSource ?? "",
          },
        },
      });
      return { error, user: data.user };
    },
    [client, blockedEmailDomains],
  );

  const signOut = useCallback(async (): Promise<Outcome> => {
    const { error } = await client.signOut();
    if (error) {
      // Whatever the server said, the local session and stored tokens must go.
      await client.signOut({ scope: "local" });
    }
    setSession(null);
    return { error };
  }, [client]);

  const signInWithGoogle = useCallback(async (): Promise<Outcome> => {
    const { error } = await client.signInWithOAuth({
      provider: "google",
      options: { redirectTo: window.location.origin },
    });
    return { error };
  }, [client]);

  const resendVerification = useCallback(
    async (email: string): Promise<Outcome> => {
      if (!isAllowedEmail(email, blockedEmailDomains)) {
        return { error: new OrganizationalEmailRequired(RESEND_BLOCKED_MESSAGE) };
      }
      const { error } = await client.resend({
        type: "signup",
        email: email.trim(),
        options: { emailRedirectTo: `${window.location.origin}/signup` },
      });
      return { error };
    },
    [client, blockedEmailDomains],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      loading,
      googleEnabled,
      signIn,
      signUp,
      signOut,
      signInWithGoogle,
      resendVerification,
    }),
    [session, loading, googleEnabled, signIn, signUp, signOut, signInWithGoogle, resendVerification],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
