import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { accessTokenOf, signUpVerifyAndLogIn } from "../fixtures/auth";

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.resolve(import.meta.dirname, "../../../shared/fixtures"),
  "evidence-dev",
);
const invoice = path.join(FIXTURES, "invoice-000.jpg");

test.describe("agents screen", () => {
  test("lists jobs seeded through the API and shows a job's traces", async ({ page }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };

    const upload = await page.request.post(`/api/v1/workspaces/${workspaceId}/files`, {
      headers,
      multipart: { file: { name: "invoice-000.jpg", mimeType: "image/jpeg", buffer: readFileSync(invoice) } },
    });
    expect(upload.ok()).toBeTruthy();
    const fileId = (await upload.json()).file_id as string;

    const extraction = await page.request.post("/api/v1/jobs", {
      headers,
      data: { kind: "extract-items", workspace_id: workspaceId, payload: { file_id: fileId, queries: ["Amount Due"] } },
    });
    expect(extraction.status()).toBe(202);
    const missing = await page.request.post("/api/v1/jobs", {
      headers,
      data: {
        kind: "extract-items",
        workspace_id: workspaceId,
        payload: { file_id: randomUUID(), queries: ["total"] },
      },
    });
    expect(missing.status()).toBe(202);

    await page.goto(`/workspaces/${workspaceId}/agents`);
    await expect(page.getByRole("heading", { name: "Agents" })).toBeVisible();
    const rows = page.getByRole("row").filter({ hasText: "Extract items" });
    await expect(rows).toHaveCount(2);
    // The list refreshes by itself while jobs run; no reload needed.
    await expect(page.getByRole("row").filter({ hasText: "Completed" })).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByRole("row").filter({ hasText: "Failed" })).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Run status" })).toContainText("2 jobs");

    await page.getByRole("row").filter({ hasText: "Completed" }).getByRole("button", { name: "Extract items" }).click();
    const panel = page.getByRole("dialog");
    await expect(panel.getByText("Payload summary")).toBeVisible();
    await expect(panel).toContainText(fileId);
    const step = panel.getByRole("article", { name: "Step 1: ai.extractItems" });
    await expect(step).toBeVisible();
    await expect(step).toContainText("local");
    await step.getByText("Output").click();
    await expect(step).toContainText("$48,691.68");
    await page.screenshot({ path: test.info().outputPath("agents-detail.png") });

    await page.keyboard.press("Escape");
    await page.getByRole("row").filter({ hasText: "Failed" }).getByRole("button", { name: "Extract items" }).click();
    await expect(page.getByRole("dialog").getByRole("alert")).toContainText("File not found.");
    await page.keyboard.press("Escape");
    await page.screenshot({ path: test.info().outputPath("agents-list.png") });
  });
});
