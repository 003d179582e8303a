import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { AuthShell, GoogleIcon } from "@/features/auth/components/auth-shell";
import { SignUpForm, type SignUpValues, signUpProblem } from "@/features/auth/components/signup-form";
import { OrDivider } from "@/features/auth/components/sso-divider";
import { VerificationDialog } from "@/features/auth/components/verification-dialog";
import { useAuth } from "@/lib/auth";
import { ensurePersonalWorkspace, workspacesQueryKey } from "@/lib/workspace";

function workspaceErrorMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.detail === "string" && error.detail) return error.detail;
  return "An unexpected error occurred while setting up your workspace.";
}

export default function SignupPage() {
  const { user, loading, signUp, signInWithGoogle, googleEnabled } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const ensuring = useRef(false);

  // Once signed in (auto-confirmed sign-up, or back from the verification link), make sure the
  // personal workspace exists, then go home.
  useEffect(() => {
    if (!user || ensuring.current) return;
    ensuring.current = true;
    ensurePersonalWorkspace()
      .then(() => toast.success("Workspace Ready"))
      .catch((error: unknown) => toast.error("Workspace Error", { description: workspaceErrorMessage(error) }))
      .finally(async () => {
        await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
        navigate("/", { replace: true });
      });
  }, [user, navigate, queryClient]);

  // Back from a verification link that could not sign this browser in: the address is verified,
  // so the next step is logging in.
  useEffect(() => {
    if (!loading && !user && searchParams.has("code")) navigate("/login", { replace: true });
  }, [loading, user, searchParams, navigate]);

  const submit = async (values: SignUpValues) => {
    const problem = signUpProblem(values);
    if (problem) {
      toast.error("Sign Up Failed", { description: problem });
      return;
    }
    setProcessing(true);
    try {
      const { error, user: created } = await signUp({
        email: values.email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        referralSource: values.referralSource,
      });
      if (error) {
        toast.error("Sign Up Failed", {
          description: error.message || "Could not create your account. Please try again.",
        });
        return;
      }
      // With auto-confirm the session arrives at once and the effect above takes over.
      if (!created?.email_confirmed_at) setVerifyEmail(values.email.trim());
    } catch {
      toast.error("Sign Up Failed", { description: "An unexpected error occurred." });
    } finally {
      setProcessing(false);
    }
  };

  const google = async () => {
    if (!googleEnabled) {
      toast.error("Sign Up Failed", { description: "Google sign-in is not enabled on this server." });
      return;
    }
    try {
      const { error } = await signInWithGoogle();
      if (error) toast.error("Sign Up Failed", { description: "Could not sign up with Google. Please try again." });
    } catch {
      toast.error("Sign Up Failed", { description: "Could not sign up with Google. Please try again." });
    }
  };

  return (
    <AuthShell>
      <div className="grid gap-6">
        <div className="grid gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight">Create an account</h1>
          <p className="text-sm text-muted-foreground">Sign up with your organizational email address.</p>
        </div>
        <div className="grid gap-2">
          <Button variant="outline" type="button" onClick={google}>
            <GoogleIcon />
            Sign up with Google
          </Button>
          <Button
            variant="outline"
            type="button"
            onClick={() => toast("Feature not available: SSO sign-up is not implemented yet.")}
          >
            <KeyRound />
            Sign up with SSO
          </Button>
        </div>
        <OrDivider />
        <SignUpForm processing={processing} onSubmit={submit} />
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      </div>
      <VerificationDialog
        email={verifyEmail ?? ""}
        open={verifyEmail !== null}
        onOpenChange={(open) => !open && setVerifyEmail(null)}
      />
    </AuthShell>
  );
}
