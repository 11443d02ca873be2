import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { deleteProduct, signIn } from "./helpers/console";

/**
 * The console's shelves and stock (issue 56): categories and brands kept without SQL, and a
 * supplier's delivery received into stock, seen in the stock ledger.
 */

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id);

test("the owner adds, renames and deletes a category, a sub-category and a brand", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project changes the demo catalogue");
  const stamp = Date.now().toString(36).toUpperCase();
  const category = `Spices ${stamp}`;
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories and brands" })).toBeVisible();

  await page.getByLabel("New category").fill(category);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("status")).toHaveText(`"${category}" is added.`);
  await page.getByLabel("New category").fill(`Whole Spices ${stamp}`);
  await page.getByLabel("Inside").selectOption({ label: category });
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("list", { name: `Sub-categories of ${category}` })).toContainText(
    `Whole Spices ${stamp}`,
  );
  expect(await axeViolations(page)).toEqual([]);

  // The store's menu shows it under its new name.
  const panel = (name: string) =>
    page.locator("details").filter({ has: page.getByText(`Change ${name}`, { exact: true }) });
  // A panel stays open after its form is answered, as a person left it.
  const openPanel = async (name: string) => {
    if ((await panel(name).getAttribute("open")) === null) await panel(name).locator("summary").click();
  };
  await openPanel(category);
  await panel(category).getByLabel("New name").fill(`${category} and Herbs`);
  await panel(category).getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toHaveText("Renamed. The store and its search use the new name now.");
  await expect(page.locator("strong").getByText(`${category} and Herbs`, { exact: true })).toBeVisible();

  // A category with sub-categories is kept until they go.
  await openPanel(`${category} and Herbs`);
  await page.getByRole("button", { name: `Delete ${category} and Herbs` }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `"${category} and Herbs" has sub-categories: delete or empty them first.`,
  );
  await openPanel(`Whole Spices ${stamp}`);
  await page.getByRole("button", { name: `Delete Whole Spices ${stamp}` }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted.");
  await openPanel(`${category} and Herbs`);
  await page.getByRole("button", { name: `Delete ${category} and Herbs` }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted.");

  await page.getByLabel("New brand").fill(`Metro Chef ${stamp}`);
  await page.getByRole("button", { name: "Add brand" }).click();
  await expect(page.getByRole("status")).toHaveText(`"Metro Chef ${stamp}" is added.`);
});

test("staff receive a supplier's delivery and see it in the stock ledger", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project changes the demo stock");
  await signIn(page, "/admin/stock");
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  await page.getByLabel("Supplier and bill (optional)").fill("Sharma Traders, bill 4417");
  await page.getByLabel("Product 1 (SKU or name)").fill("AAS-000122");
  await page.getByLabel("Units of product 1 received").fill("12");
  await page.getByLabel("Product 2 (SKU or name)").fill("Kesar Mango Pulp 850 g tin that is not sold here");
  await page.getByLabel("Units of product 2 received").fill("3");
  await page.getByRole("button", { name: "Receive stock" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nothing is received yet: check the rows marked below.");
  await expect(page.getByLabel("Product 2 (SKU or name)")).toHaveAccessibleDescription(
    'No product has the SKU or name "Kesar Mango Pulp 850 g tin that is not sold here".',
  );
  await page.getByLabel("Product 2 (SKU or name)").fill("");
  await page.getByLabel("Units of product 2 received").fill("");
  await page.getByRole("button", { name: "Receive stock" }).click();
  await expect(page.getByRole("status")).toHaveText("Received 12 units of 1 product. The store sells them now.");

  await page.getByLabel("Reason").selectOption({ label: "Received" });
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Sharma Traders, bill 4417" }).first();
  await expect(row).toContainText("Aashirvaad Whole Wheat Atta 10 kg");
  await expect(row).toContainText("+12");
  expect(await axeViolations(page)).toEqual([]);
});

test("the owner exports the catalogue, and imports a file after checking it", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project changes the demo catalogue");
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, "/admin/products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export the catalogue (CSV)" }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const exported = Buffer.concat(chunks).toString("utf8");
  expect(exported.split("\r\n")[0]).toBe(
    "\uFEFFname,slug,description,category,sub_category,brand,sku,mrp,sale_price1,sale_price2,sale_qty2,sale_price3,sale_qty3,min_order_qty,pack_of,pack_size,inventory,track_inventory,sizes,veg_type,photos,photo_alts,hsn_code,gst_rate,active",
  );

  await page.getByRole("link", { name: "Import products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  const csv = (price: string) =>
    Buffer.from(
      // An existing shelf: a new one with one product could be a home page section a parallel test reads.
      `name,sku,mrp,price,category,inventory\nSona Masoori Rice 26 kg ${stamp},SONA-${stamp},1800,${price},"Rice, Atta & Flours",30\n`,
    );
  await page.getByLabel("Products file").setInputFiles({ name: "rice.csv", mimeType: "text/csv", buffer: csv("1900") });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "1 problem in rice.csv: nothing is imported. Fix it in the file and choose it again.",
  );
  await expect(page.getByRole("table", { name: "Problems in the file" })).toContainText("rice.csv line 2");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Products file").setInputFiles({ name: "rice.csv", mimeType: "text/csv", buffer: csv("1750") });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "rice.csv is right: 1 product. Press Import to load them into the store.",
  );
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Imported rice.csv: 1 product created, 0 updated; 0 new categories, 0 new brands. The store shows them now.",
  );
  // Put the demo catalogue back.
  await deleteProduct(page, `Sona Masoori Rice 26 kg ${stamp}`);
});
