import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signUpVerifyAndLogIn } from "../fixtures/auth";

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.resolve(import.meta.dirname, "../../../shared/fixtures"),
  "evidence-dev",
);
const invoice = path.join(FIXTURES, "invoice-000.jpg");

async function openWithUploadedInvoice(page: Page) {
  const { workspaceId } = await signUpVerifyAndLogIn(page);
  await page.goto(`/workspaces/${workspaceId}/attribute-extraction`);
  await expect(page.getByRole("heading", { name: "Upload an Image" })).toBeVisible();
  await expect(page.getByText("Upload a document, receipt, or any image to extract data from")).toBeVisible();
  await page.getByLabel("Image file").setInputFiles(invoice);
  await expect(page.getByText("Upload Successful")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Evidence Attributes" })).toBeVisible();
  return workspaceId;
}

test.describe("attribute extraction", () => {
  test("extracts three items, moves one in edit mode and exports the workpaper", async ({ page }) => {
    await openWithUploadedInvoice(page);

    await page.getByLabel("Item 1", { exact: true }).fill("Amount Due");
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByLabel("Item 2", { exact: true }).fill("invoice number");
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByLabel("Item 3", { exact: true }).fill("supplier");
    await page.getByRole("button", { name: "Extract Data" }).click();

    await expect(page.getByText("Data Extracted")).toBeVisible();
    await expect(page.getByText("Found 3 of 3 item(s).")).toBeVisible();
    for (const letter of ["A", "B", "C"]) await expect(page.getByRole("img", { name: `Item ${letter}` })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item D" })).toHaveCount(0);
    await expect(page.getByTestId("annotated-image")).toHaveCSS("height", "800px");
    // The image is either as tall as the viewer or centred in it: no band left only under it.
    const viewer = (await page.getByTestId("annotated-image").boundingBox())!;
    const drawn = (await page.getByTestId("image-overlay").boundingBox())!;
    const bandAbove = drawn.y - viewer.y;
    const bandBelow = viewer.y + viewer.height - (drawn.y + drawn.height);
    expect(Math.abs(bandAbove - bandBelow)).toBeLessThan(3);
    await expect(page.getByRole("list", { name: "Marked items" })).toContainText("$48,691.68");

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByText("Edit Mode Enabled: Select an item to move or resize it")).toBeVisible();
    const boxA = page.getByRole("button", { name: "Item A" });
    const before = (await boxA.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 80, before.y + before.height / 2 + 50, { steps: 8 });
    await page.mouse.up();
    const after = (await boxA.boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x + 60);
    expect(after.y).toBeGreaterThan(before.y + 30);
    expect(Math.round(after.width)).toBe(Math.round(before.width));

    // Shrinking B from its bottom-right handle stops at the 20 px minimum.
    const boxB = page.getByRole("button", { name: "Item B" });
    await boxB.click();
    const handle = (await boxB.locator('[data-handle="bottom-right"]').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 400, handle.y - 400, { steps: 6 });
    await page.mouse.up();
    const shrunk = (await boxB.boundingBox())!;
    expect(Math.round(shrunk.width)).toBe(20);
    expect(Math.round(shrunk.height)).toBe(20);

    const image = (await page.getByTestId("image-overlay").boundingBox())!;
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to Excel" }).click();
    const download = await downloadPromise;
    await expect(page.getByText("Export Successful: Excel file has been downloaded.")).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^invoice-000-extraction-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.getImages()).toHaveLength(1);
    const rows = new Map<string, unknown[]>();
    workbook
      .getWorksheet("Items")!
      .eachRow((row) => rows.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1)));
    expect(rows.get("A")?.[1]).toBe("$48,691.68");
    expect(rows.get("B")?.[1]).toBe("INV-2023-7477");
    expect(rows.get("C")?.[1]).toBe("Northwind Traders");
    // The exported position of A is where it was dragged to, not where it was found.
    const exportedX = rows.get("A")![4] as number;
    expect(exportedX).toBeCloseTo((after.x - image.x) / image.width, 2);
  });

  test("the drawing mode keeps boxes over 1% and submits them as lettered items", async ({ page }) => {
    await openWithUploadedInvoice(page);
    await page.getByRole("button", { name: "Draw Boxes" }).click();
    await expect(page.getByRole("button", { name: "Submit Boxes" })).toBeDisabled();

    const overlay = (await page.getByTestId("image-overlay").boundingBox())!;
    const drag = async (x1: number, y1: number, x2: number, y2: number) => {
      await page.mouse.move(overlay.x + x1, overlay.y + y1);
      await page.mouse.down();
      await page.mouse.move(overlay.x + x2, overlay.y + y2, { steps: 5 });
      await page.mouse.up();
    };
    await drag(40, 40, 200, 90);
    await drag(60, 200, 260, 260);
    await drag(300, 300, 302, 302); // too small: under 1% of the image
    await expect(page.getByRole("img", { name: "Item A" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item B" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item C" })).toHaveCount(0);

    await page.getByRole("button", { name: "Submit Boxes" }).click();
    await expect(page.getByRole("button", { name: "Export to Excel" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item A" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item B" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Item C" })).toHaveCount(0);

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Process Complete")).toBeVisible();
    await page.getByRole("button", { name: "Start Over" }).click();
    await expect(page.getByRole("heading", { name: "Upload an Image" })).toBeVisible();
  });

  test("picks an image from the file library and refuses non-images on upload", async ({ page }) => {
    await openWithUploadedInvoice(page);
    await page.getByRole("button", { name: "Back" }).click();

    await page
      .getByLabel("Image file")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Invalid file type")).toBeVisible();
    await expect(page.getByText("Please upload an image file")).toBeVisible();

    await page.getByRole("tab", { name: "File Library" }).click();
    const confirm = page.getByRole("button", { name: "Use Selected Image" });
    await expect(confirm).toBeDisabled();
    await page.getByRole("option", { name: "invoice-000.jpg" }).click();
    await expect(page.getByText("Selected: invoice-000.jpg")).toBeVisible();
    await confirm.click();
    await expect(page.getByText("File Loaded")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Testing Attributes" })).toBeVisible();

    await page.getByRole("tab", { name: "Testing Attributes" }).click();
    await page.getByLabel("Control description").fill("Invoices are approved before payment.");
    await page.getByLabel("Attribute 1", { exact: true }).fill("the invoice is approved");
    await page.getByRole("button", { name: "Analyze Document" }).click();
    await expect(page.getByText("Attribute Extraction Complete")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("[data-status]")).toHaveCount(1);
    await page.getByRole("button", { name: "Retest" }).click();
    await expect(page.getByText("Retest Complete")).toBeVisible({ timeout: 30_000 });
  });
});
