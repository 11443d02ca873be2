import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * Quick order (issue 59), as a restaurant's buyer uses it: 20 lines pasted from a spreadsheet
 * (19 by SKU, one by name), found at once, kept through a reload, added to the cart together,
 * and checked out with cash on delivery.
 */

async function fillAddress(page: Page) {
  await page.getByLabel("Full Name").fill("Farhan Sheikh");
  await page.getByLabel("Phone").fill("9820098765");
  await page.getByLabel("Email").fill("farhan@hotel-sagar.example");
  await page.getByLabel("Address Line 1").fill("Hotel Sagar, Sector 17");
  await page.getByLabel("Pincode").fill("400703");
  await expect(page.getByText("Pincode is serviceable!")).toBeVisible();
}

test("paste 20 lines into quick order, add them all to the cart and check out", async ({ page, request }) => {
  const { products } = (await (await request.get("/api/products?limit=48&sort=priceAsc")).json()) as {
    products: Array<{ name: string; sku: string | null; hasSizes: boolean; maxQty: number; units?: unknown }>;
  };
  const chosen = products.filter((p) => !p.hasSizes && p.sku && p.maxQty >= 2 && !p.units).slice(0, 20);
  expect(chosen).toHaveLength(20);
  const [byName, ...bySku] = chosen;
  const pasted = ["SKU\tQty", ...bySku.map((p) => `${p.sku}\t1`), `${byName?.name} 1`].join("\n");

  // Quick order is linked from the cart and from the account's order history.
  await page.goto("/cart");
  await page.locator("#main").getByRole("link", { name: "Quick order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();

  await page.getByLabel("Paste lines").fill(pasted);
  await page.getByRole("button", { name: "Find products" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Read" })).toHaveText("Read 20 lines.");
  const rows = page.getByRole("list", { name: "Products to order" });
  await expect(rows.getByRole("link", { name: byName?.name ?? "" })).toBeVisible();
  await expect(page.getByLabel("Product 1, SKU or name")).toHaveValue(bySku[0]?.sku ?? "");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // Nothing is lost on a reload: the rows come back and are looked up again.
  await page.reload();
  await expect(page.getByLabel("Product 20, SKU or name")).toHaveValue(`${byName?.name}`);
  await expect(rows.getByRole("link", { name: byName?.name ?? "" })).toBeVisible();

  // A row that matches nothing is left out, with its reason.
  await page.getByLabel("Product 21, SKU or name").fill("xyzzy plates");
  await page.getByLabel("Quantity 21").fill("3");
  await page.getByLabel("Quantity 21").press("Enter");
  await expect(rows.getByText("no product matches")).toBeVisible();
  await page.getByRole("button", { name: "Add all to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toContainText("Added 20 products (₹");
  await expect(page.getByRole("list", { name: "Left out of the cart" })).toHaveText(
    'Row 21 ("xyzzy plates"): no product matches.',
  );

  await page.getByRole("link", { name: "Go to cart" }).click();
  await expect(page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem")).toHaveCount(20);
  await page.goto("/checkout");
  await fillAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/thank-you\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: /^Order #/ }).getByRole("listitem")).toHaveCount(20);

  // The row left out stays on the quick-order page to be fixed; the rest went to the cart.
  await page.goto("/quick-order");
  await expect(page.getByLabel("Product 1, SKU or name")).toHaveValue("xyzzy plates");
});

test("a row takes the store's suggestions by keyboard: arrows, Enter, then the quantity and the next row", async ({
  page,
}) => {
  await page.goto("/quick-order");
  await page.waitForLoadState("networkidle");
  const product = page.getByRole("combobox", { name: "Product 1, SKU or name" });
  await product.fill("paneer");
  const suggestions = page.getByRole("listbox", { name: 'Products like "paneer"' });
  await expect(suggestions.getByRole("option").first()).toBeVisible();
  const first = (await suggestions.getByRole("option").first().locator("span").first().textContent()) ?? "";
  await product.press("ArrowDown");
  await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await product.press("Enter");
  // The name chosen is the row's, found, and the quantity is next.
  await expect(product).toHaveValue(first);
  await expect(page.getByLabel("Quantity 1")).toBeFocused();
  await expect(
    page.getByRole("list", { name: "Products to order" }).getByRole("link", { name: first, exact: true }),
  ).toBeVisible();
  await page.getByLabel("Quantity 1").fill("2");
  await page.getByLabel("Quantity 1").press("Enter");
  await expect(page.getByRole("combobox", { name: "Product 4, SKU or name" })).toBeFocused();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
