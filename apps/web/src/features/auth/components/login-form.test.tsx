import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LoginForm, type LoginValues } from "./login-form";

function setup() {
  const submitted: LoginValues[] = [];
  render(<LoginForm onSubmit={(values) => void submitted.push(values)} />);
  return { submitted, user: userEvent.setup() };
}

describe("the login form", () => {
  it("is not submitted while both fields are empty", async () => {
    const { submitted, user } = setup();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it("is not submitted without a password", async () => {
    const { submitted, user } = setup();
    await user.type(screen.getByLabelText("Email"), "auditor@firm.example");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it("sends the e-mail and password once both are given", async () => {
    const { submitted, user } = setup();
    await user.type(screen.getByLabelText("Email"), "auditor@firm.example");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("button", { name: "Sign in" });
    expect(submitted).toEqual([{ email: "auditor@firm.example", password: "correct horse" }]);
  });

  it("shows and hides the password", async () => {
    const { user } = setup();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });
});
