import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./helpers/console";

/**
 * The console's products (issue 56), as an owner uses them: a new product from its form, each
 * mistake named at its field and nothing saved until all are right, a photo uploaded, the card
 * previewed as typed; then found in the list, its price and stock changed in the row, taken off
 * sale and deleted in bulk, the store following each change.
 */

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id);

test("the owner adds a product with a photo, changes it in the list, and deletes it", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project changes the demo catalogue");
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Toor Dal Premium 1 kg ${stamp}`;
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByText(/^\d+ products\./)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  const preview = page.getByRole("complementary", { name: "Preview" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  // The card shows what is typed before anything is saved.
  await expect(preview.getByRole("heading", { name })).toBeVisible();
  await page.getByLabel("MRP").fill("180");
  await page.getByLabel("Price", { exact: true }).fill("190");
  await page.getByLabel("Tier 2 price").fill("170");
  await page.getByLabel("Tier 2 from quantity").fill("1");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert")).toHaveText("Check the fields marked below: nothing is saved yet.");
  await expect(page.getByLabel("Price", { exact: true })).toHaveAccessibleDescription(
    "₹190 is above the MRP (₹180): a shop may not sell above it.",
  );
  await expect(page.getByLabel("Tier 2 from quantity")).toHaveAccessibleDescription(
    "Tier 2 starts at 2 or more: one unit sells at the price.",
  );
  // What was typed is still there to fix.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  await page.getByLabel("Price", { exact: true }).fill("175");
  await page.getByLabel("Tier 2 from quantity").fill("10");
  await expect(preview.getByText("10+ at ₹170")).toBeVisible();
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("SKU").fill(`TOOR-${stamp}`);
  await page.getByLabel("HSN code").fill("0713");
  await page.getByLabel("GST rate").selectOption("0");
  await page.getByLabel("Count stock").check();
  await page.getByLabel("Units in stock", { exact: true }).fill("25");

  // A file that only claims to be a photo is refused by what it holds; a real one is cleaned and kept.
  await page.getByLabel("Upload photos").setInputFiles({
    name: "dal.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("not a photo at all"),
  });
  await page.getByRole("button", { name: "Add photos" }).click();
  await expect(page.getByLabel("Upload photos")).toHaveAccessibleDescription(
    /"dal\.jpg" is not a photo the store can read/,
  );
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c58b2a" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Upload photos").setInputFiles({ name: "dal.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Add photos" }).click();
  await expect(page.getByRole("status")).toHaveText("Photo added: describe it, then save.");
  await page.getByLabel("Main photo: description").fill("Toor dal, 1 kg pouch");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Units in stock", { exact: true })).toHaveValue("25");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The store shows it now.");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The store shows it, with its photo as WebP and its tier.
  const slug = await page.getByLabel("Slug").inputValue();
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/products/${slug}`);
  await expect(shopper.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(shopper.getByRole("region", { name: "Buy more, pay less" })).toContainText("10+ units at ₹170");
  const src = await shopper.getByRole("img", { name: "Toor dal, 1 kg pouch" }).first().getAttribute("src");
  expect(src).toMatch(/^\/media\/products\/[\w-]+\.webp/);
  const image = await shopper.request.get(src ?? "");
  expect(image.headers()["content-type"]).toBe("image/webp");

  // Found in the list by its SKU; its price and stock changed in the row.
  await page.getByRole("link", { name: "← Products" }).click();
  await page.getByLabel("Search products").fill(`toor-${stamp}`);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row).toHaveCount(1);
  await row.getByLabel(`Price of ${name}, in rupees`).fill("190");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nothing is saved yet: check the rows marked below.");
  await expect(row).toContainText("₹190 is above the MRP (₹180).");
  await row.getByLabel(`Price of ${name}, in rupees`).fill("172");
  await row.getByLabel(`Stock of ${name}`).fill("40");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved 1 product. The store shows the new prices and stock now.");
  await shopper.reload();
  await expect(shopper.getByText("₹172").first()).toBeVisible();

  // Taken off sale in bulk: gone from the store.
  await row.getByRole("checkbox", { name: `Tick ${name}` }).check();
  await page.getByLabel("With the ticked products").selectOption("Take off sale");
  await page.getByRole("button", { name: "Apply to ticked" }).click();
  await expect(page.getByRole("status")).toHaveText("1 product taken off sale.");
  await expect(row).toContainText("Off sale");
  // The spec sends a shopper asking for a product not on sale to the listing.
  await shopper.goto(`/products/${slug}`);
  await expect(shopper).toHaveURL(/\/products$/);

  // Deleted, after saying what that means.
  await row.getByRole("checkbox", { name: `Tick ${name}` }).check();
  await page.getByLabel("With the ticked products").selectOption("Delete");
  await page.getByRole("button", { name: "Apply to ticked" }).click();
  await expect(page.getByRole("heading", { name: "Delete 1 product?" })).toBeVisible();
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByRole("status")).toHaveText("1 product deleted.");
  await expect(page.getByText("No products match.")).toBeVisible();
  await shopper.context().close();
});

test("the product form works without scripts: each mistake at its field", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === "desktop", "one project is enough for the plain form");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "/admin/products/new");
  await page.getByLabel("Name", { exact: true }).fill("Chana Dal 1 kg");
  await page.getByLabel("MRP").fill("ninety");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert")).toHaveText("Check the fields marked below: nothing is saved yet.");
  await expect(page.getByLabel("MRP")).toHaveAccessibleDescription("Enter the MRP in rupees, like 250 or 99.50.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Chana Dal 1 kg");
  await context.close();
});
