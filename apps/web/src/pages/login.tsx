import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { LoginRedirectState } from "@/app/protected-route";
import { Button } from "@/components/ui/button";
import { AuthShell, GoogleIcon } from "@/features/auth/components/auth-shell";
import { LoginForm, type LoginValues } from "@/features/auth/components/login-form";
import { OrDivider } from "@/features/auth/components/sso-divider";
import { VerificationDialog } from "@/features/auth/components/verification-dialog";
import { useAuth } from "@/lib/auth";

function isUnconfirmed(error: { message?: string; code?: string }) {
  return error.code === "email_not_confirmed" || error.message === "Email not confirmed";
}

export default function LoginPage() {
  const { user, loading, signIn, signInWithGoogle, googleEnabled } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const from = (location.state as LoginRedirectState | null)?.from;

  if (!loading && user) return <Navigate to={from && from !== "/login" ? from : "/"} replace />;

  const submit = async ({ email, password }: LoginValues) => {
    try {
      const { error } = await signIn(email, password);
      if (error) {
        if (isUnconfirmed(error as { message?: string; code?: string })) {
          setUnverifiedEmail(email.trim());
          return;
        }
        toast.error("Login Failed", {
          description: error.message || "Could not sign in. Please check your credentials.",
        });
        return;
      }
      toast.success("Welcome back!", { description: "You have successfully logged in." });
      navigate(from && from !== "/login" ? from : "/", { replace: true });
    } catch {
      toast.error("Login Failed", { description: "An unexpected error occurred." });
    }
  };

  const google = async () => {
    if (!googleEnabled) {
      toast.error("Sign In Failed", { description: "Google sign-in is not enabled on this server." });
      return;
    }
    try {
      const { error } = await signInWithGoogle();
      if (error) toast.error("Sign In Failed", { description: "Could not sign in with Google. Please try again." });
    } catch {
      toast.error("Sign In Failed", { description: "Could not sign in with Google. Please try again." });
    }
  };

  return (
    <AuthShell>
      <div className="grid gap-6">
        <div className="grid gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="text-sm text-muted-foreground">Use your work account to open your workspaces.</p>
        </div>
        <div className="grid gap-2">
          <Button variant="outline" type="button" onClick={google}>
            <GoogleIcon />
            Sign in with Google
          </Button>
          <Button
            variant="outline"
            type="button"
            onClick={() => toast("Feature not available: SSO sign-in is not implemented yet.")}
          >
            <KeyRound />
            Sign in with SSO
          </Button>
        </div>
        <OrDivider />
        <LoginForm onSubmit={submit} />
        <p className="text-center text-sm text-muted-foreground">
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Don't have an account? Sign up
          </Link>
        </p>
        <p className="text-center text-xs text-muted-foreground">
          <Link to="/privacy-policy" className="underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
          {" · "}
          <Link to="/updates" className="underline-offset-4 hover:underline">
            What's new
          </Link>
        </p>
      </div>
      <VerificationDialog
        email={unverifiedEmail ?? ""}
        open={unverifiedEmail !== null}
        onOpenChange={(open) => !open && setUnverifiedEmail(null)}
      />
    </AuthShell>
  );
}
