import { expect, test } from "@playwright/test";
import { signUpVerifyAndLogIn } from "../fixtures/auth";

test.describe("layout", () => {
  test("Ctrl+B collapses the sidebar to icons and the choice survives a reload", async ({ page }) => {
    await signUpVerifyAndLogIn(page);
    const sidebar = page.locator('[data-slot="sidebar"]');
    const aside = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(aside.getByText("Evidence Workbench")).toBeVisible();
    expect((await aside.boundingBox())?.width).toBe(256);

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(aside.getByText("Evidence Workbench")).toBeHidden();
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(48);
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("navigation keeps the workspace in the path and highlights the current item", async ({ page }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, segment] of [
      ["Controls", "controls"],
      ["Files", "files"],
      ["Workflows", "workflows"],
      ["Agents", "agents"],
      ["Integrations", "integrations"],
    ] as const) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", `/workspaces/${workspaceId}/${segment}`);
    }
    await nav.getByRole("link", { name: "Controls" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/controls$`));
    await expect(nav.getByRole("link", { name: "Controls" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Files" })).not.toHaveAttribute("aria-current", "page");

    // A nested path keeps its parent highlighted; the breadcrumb lists home, Workflows, then the page.
    await page.goto(`/workspaces/${workspaceId}/controls/new`);
    await expect(nav.getByRole("link", { name: "Controls" })).toHaveAttribute("aria-current", "page");
    const crumbs = page.getByRole("navigation", { name: "breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", `/workspaces/${workspaceId}`);
    await expect(crumbs.getByRole("link", { name: "Workflows" })).toHaveAttribute(
      "href",
      `/workspaces/${workspaceId}/workflows`,
    );
    await expect(crumbs.getByRole("link", { name: "Controls" })).toHaveAttribute(
      "href",
      `/workspaces/${workspaceId}/controls`,
    );
    await expect(crumbs.getByText("New")).toHaveAttribute("aria-current", "page");

    // A path without a workspace gets the active one; a foreign workspace id is replaced.
    await page.goto("/integrations");
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/integrations$`));
    await page.goto("/workspaces/00000000-0000-4000-8000-000000000000/toe");
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/toe$`));
  });

  test("the workspace dropdown lists the user's workspaces", async ({ page }) => {
    await signUpVerifyAndLogIn(page);
    await page.getByRole("button", { name: "Switch workspace" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Workspaces", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitemradio", { name: "Avery Tester's Workspace" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("below 768 px the sidebar is a slide-in drawer", async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    const { workspaceId, email } = await signUpVerifyAndLogIn(page);
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(email);
    expect((await drawer.boundingBox())?.width).toBe(288);

    await drawer.getByRole("link", { name: "Files" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/files$`));
  });
});
