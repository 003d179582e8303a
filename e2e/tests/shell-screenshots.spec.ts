import { expect, test } from "@playwright/test";
import { signUpVerifyAndLogIn } from "../fixtures/auth";

// Pictures of the shell for review, kept in the test's output folder; they are not compared.
test("screens of the shell render", async ({ page }, testInfo) => {
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  for (const [name, url, heading] of [
    ["login", "/login", "Sign in"],
    ["signup", "/signup", "Create an account"],
    ["privacy-policy", "/privacy-policy", "Privacy Policy"],
    ["updates", "/updates", "Welcome to v1.0"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.screenshot({ path: shot(name) });
  }

  await signUpVerifyAndLogIn(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: shot("home-expanded") });
  await page.keyboard.press("Control+b");
  await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute("data-state", "collapsed");
  const aside = page.getByRole("complementary", { name: "Sidebar" });
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(48);
  await page.screenshot({ path: shot("home-collapsed") });
  await page.keyboard.press("Control+b");

  await page.goto("/controls");
  await expect(page.getByRole("heading", { name: "Controls" })).toBeVisible();
  await page.screenshot({ path: shot("placeholder") });

  await page.goto("/nowhere");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.screenshot({ path: shot("not-found") });

  await page.setViewportSize({ width: 500, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
  await page.screenshot({ path: shot("mobile-drawer") });
});
