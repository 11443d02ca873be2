import { expect, test } from "@playwright/test";

/**
 * The products page's own search field (spec section 2, issue 60): typing narrows the listing
 * in place 300 ms after the last key, keeps the other filters and writes `q` into the address;
 * without scripts it is a plain form.
 */

test("typing in the listing's search narrows it in place after 300 ms, keeping the category", async ({ page }) => {
  await page.goto("/products?category=dairy-and-eggs&sort=priceAsc");
  // The Filters control is a button once the page's script runs.
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search in Dairy & Eggs" });
  await expect(search).toHaveAttribute("placeholder", "Search in Dairy & Eggs");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await search.pressSequentially("paneer", { delay: 40 });
  // Nothing moves while the shopper is still typing.
  expect(page.url()).not.toContain("q=");
  await expect(page).toHaveURL(/\/products\?q=paneer&category=dairy-and-eggs&sort=priceAsc$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("paneer");
  const names = page.getByRole("heading", { level: 2 }).filter({ hasText: /paneer/i });
  await expect(names.first()).toBeVisible();
  // In place: the same document, the field still focused with its words.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("paneer");

  // Cleared, the category's listing comes back; a pill removed elsewhere is shown in the field.
  await search.fill("");
  await expect(page).toHaveURL(/\/products\?category=dairy-and-eggs&sort=priceAsc$/);
  await page.goto("/products?q=ghee");
  await expect(page.getByRole("searchbox", { name: "Search all products" })).toHaveValue("ghee");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the listing's search is a plain form that keeps the other filters", async ({ page }) => {
    await page.goto("/products?category=dairy-and-eggs&min=100");
    await page.getByRole("searchbox", { name: "Search in Dairy & Eggs" }).fill("paneer");
    await page.getByRole("search", { name: "Search in Dairy & Eggs" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/products\?category=dairy-and-eggs&min=100&q=paneer$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("paneer");
  });
});
