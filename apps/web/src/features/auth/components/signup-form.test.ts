import { describe, expect, it } from "vitest";
import { REFERRAL_OPTIONS, type SignUpValues, signUpProblem } from "./signup-form";

const complete: SignUpValues = {
  firstName: "Avery",
  lastName: "Tester",
  email: "avery@firm.example",
  password: "long-enough-1",
  referralSource: "friend",
  termsAccepted: true,
};

describe("sign-up checks", () => {
  it("needs an e-mail and a password", () => {
    expect(signUpProblem({ ...complete, email: "  " })).toBe("Email and password are required.");
    expect(signUpProblem({ ...complete, password: "" })).toBe("Email and password are required.");
  });

  it("needs the terms to be accepted", () => {
    expect(signUpProblem({ ...complete, termsAccepted: false })).toBe(
      "You must agree to the Terms and Privacy Policy.",
    );
  });

  it("lets a complete form through", () => {
    expect(signUpProblem(complete)).toBeNull();
  });

  it("offers the five referral sources", () => {
    expect(REFERRAL_OPTIONS.map((o) => `${o.value}=${o.label}`)).toEqual([
      "google=Google Search",
      "friend=Friend/Colleague",
      "social=Social Media",
      "blog=Blog/Article",
      "other=Other",
    ]);
  });
});
