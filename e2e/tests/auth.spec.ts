import { expect, test } from "@playwright/test";
import {
  createVerifiedAccount,
  logInThroughForm,
  newAccount,
  signUpThroughForm,
  verifyThroughMail,
  workspaceIdOf,
} from "../fixtures/auth";
import { waitForVerificationLink } from "../fixtures/mail";

test.describe("accounts", () => {
  test("a new user signs up with a work address, verifies it from the mail and lands on the personal workspace", async ({
    page,
  }) => {
    const account = newAccount("signup");
    await signUpThroughForm(page, account);
    await expect(page.getByRole("dialog")).toContainText(account.email);
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    // An unverified address cannot sign in yet: the verification dialog comes back.
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Email Verification Required" })).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();

    await verifyThroughMail(page.request, account.email);
    const workspaceId = await logInThroughForm(page, account);

    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Avery Tester's Workspace" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch workspace" })).toContainText("Avery Tester's Workspace");
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toContainText(account.email);
    expect(page.url()).toMatch(new RegExp(`/workspaces/${workspaceId}$`));
  });

  test("following the verification link in the signing-up browser signs in and prepares the workspace", async ({
    page,
  }) => {
    const account = newAccount("link");
    await signUpThroughForm(page, account);
    await page.getByRole("button", { name: "Close" }).click();
    await page.goto(await waitForVerificationLink(account.email));
    await expect(page.getByText("Workspace Ready")).toBeVisible();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Avery Tester's Workspace" })).toBeVisible();
  });

  test("sign-up with a consumer address shows the organizational e-mail message", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Home");
    await page.getByLabel("Work email").fill("someone@gmail.com");
    await page.getByLabel(/^Password/).fill("a-long-password-1");
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await page.getByRole("button", { name: "Sign up with email" }).click();
    await expect(page.getByText("Sign Up Failed")).toBeVisible();
    await expect(
      page.getByText(
        "Sign-up failed: Please use an organizational email address. Emails from this domain are not allowed.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the server refuses a consumer address even when the form is bypassed", async ({ request }) => {
    const config = (await (await request.get("/app-config.json")).json()) as { anonKey: string };
    const response = await request.post("/auth/v1/signup", {
      headers: { apikey: config.anonKey },
      data: { email: "someone@gmail.com", password: "a-long-password-1" },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(await response.text()).toContain("Please use an organizational email address");
  });

  test("sign-up without ticking the terms is refused with the spec's message", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Work email").fill("someone@audit-firm.test");
    await page.getByLabel(/^Password/).fill("a-long-password-1");
    await page.getByRole("button", { name: "Sign up with email" }).click();
    await expect(page.getByText("You must agree to the Terms and Privacy Policy.")).toBeVisible();
  });

  test("the SSO buttons explain that SSO is not available", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with SSO" }).click();
    await expect(page.getByText("Feature not available: SSO sign-in is not implemented yet.")).toBeVisible();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up with SSO" }).click();
    await expect(page.getByText("Feature not available: SSO sign-up is not implemented yet.")).toBeVisible();
  });

  test("a wrong password shows 'Login Failed'", async ({ page }) => {
    const account = await createVerifiedAccount(page.request, newAccount("wrongpw"));
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel(/^Password/).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Login Failed")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a protected page sends a visitor to log in and back to that page afterwards", async ({ page }) => {
    const account = await createVerifiedAccount(page.request, newAccount("return"));
    await page.goto("/integrations");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}\/integrations$/);
    await expect(page.getByRole("heading", { name: "Integrations" })).toBeVisible();
  });

  test("a signed-in user opening /login is sent home, and logging out returns to /login", async ({ page }) => {
    const account = await createVerifiedAccount(page.request, newAccount("logout"));
    const workspaceId = await logInThroughForm(page, account);
    await page.goto("/login");
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}$/);
    expect(workspaceIdOf(page)).toBe(workspaceId);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`/workspaces/${workspaceId}/files`);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("public pages", () => {
  test("an unknown address sends a signed-out visitor to /login", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an unknown address shows the 404 page to a signed-in user", async ({ page }) => {
    const account = await createVerifiedAccount(page.request, newAccount("notfound"));
    await logInThroughForm(page, account);
    await page.goto("/no-such-page");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}$/);
  });

  test("the privacy policy and release notes are public", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: April 20, 2025")).toBeVisible();
    const index = page.getByRole("navigation", { name: "Privacy policy sections" });
    for (const anchor of [
      "scope",
      "information",
      "usage",
      "retention",
      "sharing",
      "security",
      "international",
      "rights",
      "contact",
    ]) {
      await expect(index.locator(`a[href="#${anchor}"]`)).toBeVisible();
      await expect(page.locator(`section#${anchor}`)).toBeAttached();
    }
    await page.goto("/updates");
    await expect(page.getByRole("heading", { name: "Welcome to v1.0" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Open Test of Effectiveness/ })).toHaveAttribute("href", "/toe");
    await expect(page.getByRole("link", { name: /Open CUEC Mapping/ })).toHaveAttribute("href", "/cuec-mapping");
  });
});
