import { type ChangeEvent, type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PasswordInput } from "./password-input";

export const REFERRAL_OPTIONS = [
  { value: "google", label: "Google Search" },
  { value: "friend", label: "Friend/Colleague" },
  { value: "social", label: "Social Media" },
  { value: "blog", label: "Blog/Article" },
  { value: "other", label: "Other" },
] as const;

export type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  referralSource: string;
  termsAccepted: boolean;
};

/** The first rule a sign-up breaks, in the spec's words; null when it may be sent. */
export function signUpProblem(values: SignUpValues): string | null {
  if (!values.email.trim() || !values.password) return "Email and password are required.";
  if (!values.termsAccepted) return "You must agree to the Terms and Privacy Policy.";
  return null;
}

/** A labelled field the form requires; the star is decoration, aria-required says it to screen readers. */
function RequiredField({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}{" "}
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
      </Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

type SignUpFormProps = {
  processing: boolean;
  onSubmit(values: SignUpValues): void;
};

export function SignUpForm({ processing, onSubmit }: SignUpFormProps) {
  const [values, setValues] = useState<SignUpValues>({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    referralSource: "",
    termsAccepted: false,
  });
  const set = <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const textField = (key: "firstName" | "lastName" | "email" | "password") => ({
    "aria-required": true,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  // noValidate: the spec's own messages (toasts) explain what is missing, not the browser's.
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid grid-cols-2 gap-3">
        <RequiredField id="signup-first-name" label="First name">
          <Input id="signup-first-name" autoComplete="given-name" {...textField("firstName")} />
        </RequiredField>
        <RequiredField id="signup-last-name" label="Last name">
          <Input id="signup-last-name" autoComplete="family-name" {...textField("lastName")} />
        </RequiredField>
      </div>
      <RequiredField id="signup-email" label="Work email">
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder="name@company.com"
          {...textField("email")}
        />
      </RequiredField>
      <RequiredField id="signup-password" label="Password" hint="At least 8 characters.">
        <PasswordInput id="signup-password" autoComplete="new-password" {...textField("password")} />
      </RequiredField>
      <div className="grid gap-2">
        <Label htmlFor="signup-referral">How did you hear about us?</Label>
        <Select value={values.referralSource} onValueChange={(v) => set("referralSource", v)}>
          <SelectTrigger id="signup-referral" aria-label="How did you hear about us?">
            <SelectValue placeholder="Select an option" />
          </SelectTrigger>
          <SelectContent>
            {REFERRAL_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id="signup-terms"
          checked={values.termsAccepted}
          onCheckedChange={(checked) => set("termsAccepted", checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor="signup-terms" className="block text-sm leading-snug font-normal text-muted-foreground">
          I agree to the{" "}
          <Link to="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={processing}>
        {processing ? "Processing..." : "Sign up with email"}
      </Button>
    </form>
  );
}
