import { expect, type Page } from "@playwright/test";

/**
 * A product another journey made for itself and deletes again: its name ends in a time stamp,
 * in digits (`Date.now()`) or base 36 (`Date.now().toString(36).toUpperCase()`). Journeys
 * running beside it must not put it in their cart, or their order fails when it is deleted.
 */
export const madeByAJourney = (name: string): boolean => /\s(\d{12,}|[0-9A-Z]{8})$/.test(name);

/**
 * Opens the products page and adds its first `count` products that sell without a size choice,
 * one unit each, waiting for each card's stepper: a tap before the page's scripts run is
 * answered once they do (ADR 0015). Returns the products' names.
 */
export async function addFirstCardProducts(page: Page, count = 1): Promise<string[]> {
  await page.goto("/products");
  const buttons = page.getByRole("button", { name: /^Add .* to cart$/ });
  await expect(buttons.first()).toBeVisible();
  const labels = await buttons.evaluateAll((elements) => elements.map((e) => e.getAttribute("aria-label") ?? ""));
  const names = labels
    .map((label) => label.replace(/^Add (.*) to cart$/, "$1"))
    .filter((name) => !madeByAJourney(name))
    .slice(0, count);
  if (names.length < count) throw new Error(`fewer than ${count} products to add on /products`);
  for (const name of names) {
    await page
      .getByRole("button", { name: `Add ${name} to cart`, exact: true })
      .first()
      .click();
    await expect(page.getByRole("group", { name: `Quantity of ${name} in cart` })).toBeVisible();
  }
  return names;
}

/**
 * Adds one unit of a product whose stock the store counts (plenty in stock, no size choice),
 * found through the products API, from its search listing. Returns its name.
 */
export async function addCountedProduct(page: Page): Promise<string> {
  const answer = await page.request.get("/api/products?limit=48");
  const { products } = (await answer.json()) as {
    products: Array<{ name: string; hasSizes: boolean; stock: { kind: string } }>;
  };
  const product = products.find((p) => !p.hasSizes && p.stock.kind === "in-stock" && !madeByAJourney(p.name));
  if (!product) throw new Error("no product with counted stock");
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expect(page.getByRole("group", { name: `Quantity of ${product.name} in cart` })).toBeVisible();
  return product.name;
}
