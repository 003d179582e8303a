import { MailCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useAuth } from "@/lib/auth";

type VerificationDialogProps = {
  email: string;
  open: boolean;
  onOpenChange(open: boolean): void;
};

/** Shown after sign-up, and when a sign-in is refused because the address is not yet verified. */
export function VerificationDialog({ email, open, onOpenChange }: VerificationDialogProps) {
  const { resendVerification } = useAuth();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const { error } = await resendVerification(email);
      if (error) {
        toast.error("Verification Email Failed", {
          description: error.message || "Could not send verification email. Please try again.",
        });
      } else {
        toast.success("Verification Email Sent", {
          description: "Please check your email for the verification link.",
        });
      }
    } catch {
      toast.error("Verification Email Failed", { description: "An unexpected error occurred." });
    } finally {
      setSending(false);
      onOpenChange(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MailCheck className="size-5" />
          </div>
          <DialogTitle>Email Verification Required</DialogTitle>
          <DialogDescription>
            We sent a verification link to <strong className="font-medium text-foreground">{email}</strong>. Please
            check your inbox and verify your email address before logging in.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={resend} disabled={sending}>
            {sending ? "Sending..." : "Resend Verification Email"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
