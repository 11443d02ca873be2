import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInCustomer } from "./helpers/account";
import { addCountedProduct } from "./helpers/cart";

/**
 * "The usual order" (issue 59), as a restaurant's buyer would keep it: the cart saved as a list,
 * another product added to it from its page, the list opened and changed in the account, and
 * put back in the cart in one go.
 */

test("a buyer saves the cart as a list, adds to it from a product's page, and puts it back in the cart", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInCustomer(page);
  await expect(page.getByRole("heading", { name: "My lists" })).toBeVisible();
  const first = await addCountedProduct(page);
  await page.goto("/cart");
  await page.getByText("Save this cart as a list").click();
  await page.getByLabel("List name").fill("Weekly veg");
  await page.getByRole("button", { name: "Save as a list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as Weekly veg." })).toBeVisible();
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();

  // Another product, from its own page, into the same list.
  await page.goto("/products");
  await page.locator("a.product-card__link").filter({ hasNotText: first }).first().click();
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  await page.getByText("Add to a list").click();
  await expect(page.getByLabel("List", { exact: true })).toHaveValue(/.+/);
  await page.getByLabel("List", { exact: true }).selectOption({ label: "Weekly veg" });
  await page.getByRole("button", { name: "Add to list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to Weekly veg." })).toBeVisible();

  // In the account: the list, opened, changed and put in the cart.
  await page.goto("/account");
  const lists = page.getByRole("region", { name: "My lists" });
  await expect(lists.getByRole("listitem").filter({ hasText: "Weekly veg" })).toContainText("2 items");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await lists.getByRole("button", { name: "Open Weekly veg" }).click();
  const window = page.getByRole("dialog", { name: "Weekly veg" });
  const lines = window.getByRole("list", { name: "Items in Weekly veg" }).getByRole("listitem");
  await expect(lines.filter({ hasText: first })).toHaveCount(1);
  await expect(lines.filter({ hasText: name })).toHaveCount(1);
  await window.getByRole("button", { name: `Remove ${name}` }).click();
  await window.getByLabel("List name").fill("Weekly veg and fruit");
  await window.getByRole("button", { name: "Save changes" }).click();
  await expect(window.getByRole("status")).toHaveText("Saved Weekly veg and fruit.");
  expect((await new AxeBuilder({ page }).include("dialog").analyze()).violations.map((v) => v.id)).toEqual([]);
  await window.getByRole("button", { name: "Add list to cart" }).click();
  await expect(window.getByRole("status")).toHaveText("1 item added to cart.");
  await window.getByRole("button", { name: "Close" }).click();
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: first })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);

  // Lists are their customer's only: a browser not signed in gets nothing.
  const anonymous = await page.request.get("/api/account/lists", { headers: { cookie: "" } });
  expect(anonymous.status()).toBe(401);
});
