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
