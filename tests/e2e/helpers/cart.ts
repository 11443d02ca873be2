import { expect, type Page } from "@playwright/test";

/**
 * Opens the products page and adds its first `count` products that sell without a size choice,
 * one unit each, waiting for each card's stepper: a tap before the page's scripts run is
 * answered once they do (ADR 0015). Returns the products' names.
 */
export async function addFirstCardProducts(page: Page, count = 1): Promise<string[]> {
  await page.goto("/products");
  const buttons = page.getByRole("button", { name: /^Add .* to cart$/ });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const label = (await buttons.first().getAttribute("aria-label")) ?? "";
    const name = label.replace(/^Add (.*) to cart$/, "$1");
    names.push(name);
    await buttons.first().click();
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
  // Not a product another journey made for itself (named with a time stamp) and deletes again.
  const product = products.find((p) => !p.hasSizes && p.stock.kind === "in-stock" && !/\d{12,}$/.test(p.name));
  if (!product) throw new Error("no product with counted stock");
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expect(page.getByRole("group", { name: `Quantity of ${product.name} in cart` })).toBeVisible();
  return product.name;
}
