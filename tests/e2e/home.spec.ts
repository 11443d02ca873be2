import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test.describe("the store's first page", () => {
  test("shows the store's title and the GST note", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/^Annapurna HoReCa Supplies/);
    await expect(page.getByText("Product prices are inclusive of GST.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
  });

  test("links a category tile to the products page and a product to its page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Dairy & Eggs", exact: true }).first()).toHaveAttribute(
      "href",
      "/products?category=dairy-and-eggs",
    );
    const firstProduct = page.locator(".product-card__link").first();
    const name = (await firstProduct.locator("h3").textContent())?.trim() ?? "";
    await firstProduct.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Inclusive of all taxes")).toBeVisible();
  });

  test("sends a missing product to the products page", async ({ page }) => {
    await page.goto("/products/no-such-product");
    await expect(page).toHaveURL(/\/products$/);
  });

  test("answers an unknown path with the not-found page and HTTP 404", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("has no accessibility violations on the home page", async ({ page }) => {
    await page.goto("/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
