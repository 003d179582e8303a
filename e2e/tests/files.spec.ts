import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpVerifyAndLogIn } from "../fixtures/auth";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

test.describe("files", () => {
  test("uploads two files into a new folder, downloads one intact and deletes the other", async ({ page }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    await page.goto(`/workspaces/${workspaceId}/files`);
    await expect(page.getByRole("heading", { name: "Files" })).toBeVisible();
    await expect(page.getByText("No files yet")).toBeVisible();

    // A new folder, then into it.
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByLabel("Folder name").fill("Q1 Evidence");
    await page.getByRole("button", { name: "Create folder" }).click();
    await page.getByRole("link", { name: "Q1 Evidence" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/files/q1-evidence$`));
    await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText("Q1 Evidence");

    // Two files at once, each with its own progress bar.
    const ledger = randomBytes(3 * 1024 * 1024);
    const memo = Buffer.from("Approved by the controller on 2025-03-31.\n");
    await page.getByLabel("Choose files to upload").setInputFiles([
      { name: "general ledger.bin", mimeType: "application/octet-stream", buffer: ledger },
      { name: "approval memo.txt", mimeType: "text/plain", buffer: memo },
    ]);
    await expect(page.getByRole("progressbar", { name: "Uploading general ledger.bin" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Uploading approval memo.txt" })).toBeVisible();
    await expect(page.getByText("Successfully uploaded general ledger.bin")).toBeVisible();
    await expect(page.getByText("Successfully uploaded approval memo.txt")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: /general ledger\.bin/ })).toContainText("3.0 MB");
    await expect(table.getByRole("row", { name: /approval memo\.txt/ })).toContainText("TXT");

    // Download: the bytes that arrive are the bytes that were sent.
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download general ledger.bin" }).click();
    await expect(page.getByText("Download started")).toBeVisible();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("general ledger.bin");
    const saved = readFileSync((await download.path())!);
    expect(sha256(saved)).toBe(sha256(ledger));
    await expect(page.getByText("Download completed")).toBeVisible();

    // Delete: gone at once, and still gone after a reload.
    await page.getByRole("button", { name: "Delete approval memo.txt" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(table.getByRole("row", { name: /approval memo\.txt/ })).toHaveCount(0);
    await expect(page.getByText("File deleted")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("row", { name: /general ledger\.bin/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /approval memo\.txt/ })).toHaveCount(0);
  });

  test("uploads a file dropped onto the page and selects files with the select-all box", async ({ page }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    await page.goto(`/workspaces/${workspaceId}/files`);
    await expect(page.getByText("No files yet")).toBeVisible();

    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["dropped evidence"], "dropped.txt", { type: "text/plain" }));
      transfer.items.add(new File(["second drop"], "second.txt", { type: "text/plain" }));
      return transfer;
    });
    await page.getByTestId("files-drop-zone").dispatchEvent("dragover", { dataTransfer });
    await expect(page.getByText("Drop files to upload")).toBeVisible();
    await page.getByTestId("files-drop-zone").dispatchEvent("drop", { dataTransfer });
    await expect(page.getByText("Successfully uploaded dropped.txt")).toBeVisible();
    await expect(page.getByRole("row", { name: /second\.txt/ })).toBeVisible();

    await page.getByRole("checkbox", { name: "Select all files" }).click();
    await expect(page.getByRole("checkbox", { name: "Select dropped.txt" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Select second.txt" })).toBeChecked();
    await page.getByRole("button", { name: "Delete selected (2)" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No files yet")).toBeVisible();
  });

  test("puts a file back when its delete fails, and says so when the list cannot load", async ({ page }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    await page.goto(`/workspaces/${workspaceId}/files`);
    await page
      .getByLabel("Choose files to upload")
      .setInputFiles([{ name: "kept.txt", mimeType: "text/plain", buffer: Buffer.from("still here") }]);
    const row = page.getByRole("row", { name: /kept\.txt/ });
    await expect(row).toBeVisible();

    // The server loses the file between listing and delete: the delete answers 404.
    let releaseDelete: () => void = () => {};
    const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
    await page.route("**/api/v1/workspaces/*/files/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.continue();
      await deleteHeld;
      await route.fulfill({ status: 404, contentType: "application/json", body: '{"detail":"File not found."}' });
    });
    await page.getByRole("button", { name: "Delete kept.txt" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0); // gone at once, before the server has answered
    releaseDelete();
    await expect(page.getByText("Delete failed")).toBeVisible();
    await expect(page.getByText("File not found.")).toBeVisible();
    await expect(row).toBeVisible();
    await page.unroute("**/api/v1/workspaces/*/files/*");

    await page.route("**/api/v1/workspaces/*/contents*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"Internal server error"}' }),
    );
    await page.reload();
    await expect(page.getByText("Failed to load files. Please try again.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Error loading files")).toBeVisible();
    await expect(page.getByText("Failed to load workspace files")).toBeVisible();
  });

  test("names subfolders only in the page's own breadcrumb, and leaves finished uploads behind when moving on", async ({
    page,
  }) => {
    const { workspaceId } = await signUpVerifyAndLogIn(page);
    await page.goto(`/workspaces/${workspaceId}/files`);
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByLabel("Folder name").fill("Q1 Evidence");
    await page.getByRole("button", { name: "Create folder" }).click();
    await page.getByRole("link", { name: "Q1 Evidence" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/files/q1-evidence$`));

    // The top breadcrumb ends at the Files screen; the folder appears by its display name below it.
    const top = page.getByRole("navigation", { name: "breadcrumb" });
    const folderPath = page.getByRole("navigation", { name: "Folder path" });
    await expect(folderPath).toContainText("Q1 Evidence");
    await expect(top).toContainText("Files");
    await expect(top).not.toContainText("q1-evidence");
    await expect(top.getByRole("link")).toHaveCount(2); // home and Workflows; Files is the current page
    await page.screenshot({ path: test.info().outputPath("files-subfolder.png"), fullPage: true });

    // One upload is refused, one is held on the wire.
    let releaseHeld: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    await page.route("**/api/v1/workspaces/*/files?*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      if (route.request().postDataBuffer()?.includes("refused.txt"))
        return route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"Storage is full"}' });
      await held;
      return route.continue();
    });
    await page.getByLabel("Choose files to upload").setInputFiles([
      { name: "refused.txt", mimeType: "text/plain", buffer: Buffer.from("no room") },
      { name: "held.txt", mimeType: "text/plain", buffer: Buffer.from("on its way") },
    ]);
    const uploads = page.getByRole("region", { name: "Uploads" });
    await expect(uploads.getByText("Storage is full")).toBeVisible();
    await expect(uploads.getByText("held.txt")).toBeVisible();

    // In another folder the finished (failed) upload is gone; the one still under way stays.
    await folderPath.getByRole("link", { name: "All files" }).click();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/files$`));
    await expect(uploads.getByText("refused.txt")).toHaveCount(0);
    await expect(uploads.getByText("held.txt")).toBeVisible();
    releaseHeld();
    await expect(page.getByText("Successfully uploaded held.txt")).toBeVisible();
    await page.unroute("**/api/v1/workspaces/*/files?*");

    // It went to the folder it was started in.
    await page.getByRole("link", { name: "Q1 Evidence" }).click();
    await expect(page.getByRole("row", { name: /held\.txt/ })).toBeVisible();
    await expect(uploads).toHaveCount(0);
  });
});
