import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { addFirstCardProducts } from "./helpers/cart";

/** Shopper journeys for the cart, checkout and thank-you pages, written from the spec. */

async function fillAddress(page: Page) {
  await page.getByLabel("Full Name").fill("Asha Rani Patil");
  await page.getByLabel("Phone").fill("9820012345");
  await page.getByLabel("Email").fill("asha@spiceroute-caterers.in");
  await page.getByLabel("Address Line 1").fill("Shop 4, Sai Darshan CHS, Sector 17");
  await page.getByLabel("Pincode").fill("400703");
  await expect(page.getByText("Pincode is serviceable!")).toBeVisible();
  // The offline directory fills city and state.
  await expect(page.getByLabel("City")).toHaveValue("Thane");
  await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
}

test.describe("cart and checkout", () => {
  test("add from a card and from the detail page with a tier quantity, then drawer, cart, checkout and a COD order", async ({
    page,
    isMobile,
    request,
  }) => {
    const [first] = await addFirstCardProducts(page, 1);
    expect(first).toBeTruthy();

    // A product with a quantity tier and the stock for it: Set Qty on its page, then Add to Cart.
    const { products } = (await (await request.get("/api/products?limit=48&sort=priceAsc")).json()) as {
      products: Array<{
        slug: string;
        name: string;
        hasSizes: boolean;
        maxQty: number;
        tiers: Array<{ minQty: number }>;
      }>;
    };
    const tiered = products.find(
      (p) => !p.hasSizes && p.name !== first && p.tiers.length > 0 && p.maxQty >= (p.tiers[0]?.minQty ?? 0),
    );
    if (!tiered) throw new Error("the demo catalogue has no tiered product in stock");
    await page.goto(`/products/${tiered.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: tiered.name })).toBeVisible();
    const setQty = page.getByRole("button", { name: /^Set Qty to \d+$/ }).first();
    const tierQty = Number(((await setQty.textContent()) ?? "").replace(/\D/g, ""));
    await setQty.click();
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue(String(tierQty));
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Product added to cart")).toBeVisible();

    if (!isMobile) {
      // The drawer opens on hover and shows both lines.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).hover();
      const drawer = page.getByRole("region", { name: "Cart preview" });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole("listitem")).toHaveCount(2);
      await page.mouse.move(10, 600);
      await expect(drawer).toBeHidden();
    }

    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "My Cart" })).toBeVisible();
    const lines = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(page.getByText("Subtotal")).toBeVisible();

    // The cart survives a reload.
    await page.reload();
    await expect(lines).toHaveCount(2);

    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // Every validation message of the spec after a first Place Order.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("GST Number").fill("27ABCDE1234F1Z");
    await page.getByRole("button", { name: "Place Order" }).click();
    for (const message of [
      "Full name is required.",
      "Enter a valid 10-digit phone number.",
      "Please enter a valid email address.",
      "Invalid GSTIN format.",
      "Address Line 1 is required.",
      "City is required.",
      "State is required.",
      "Enter a valid 6-digit pincode.",
      "Please fill all required details.",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();

    await fillAddress(page);
    await page.getByLabel("GST Number").fill("27aapfu0939f1zv");
    await expect(page.getByLabel("GST Number")).toHaveValue("27AAPFU0939F1ZV");

    // A coupon whose conditions fail, then one that applies.
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await page.getByLabel("Coupon code").fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Invalid coupon or conditions not met.")).toBeVisible();
    await expect(page.getByText("Invalid coupon or conditions not met.")).toBeHidden({ timeout: 4000 });
    await page.getByLabel("Coupon code").fill("save10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByText("SAVE10", { exact: true })).toBeVisible();
    await expect(summary.getByText("Discount (SAVE10)")).toBeVisible();
    await expect(summary.getByText("Pincode Rate")).toBeVisible();
    const grand = (await summary.locator("dd.totals__grand").textContent()) ?? "";

    const a11y = await new AxeBuilder({ page }).disableRules(["color-contrast"]).analyze();
    expect(a11y.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/thank-you\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checking" })).toBeVisible();
    const panel = page.getByRole("region", { name: /^Order #/ });
    await expect(panel.locator("dd.totals__grand")).toHaveText(grand);
    await expect(panel.getByText("Discount (SAVE10)")).toBeVisible();
    await expect(panel.getByText("Cash on Delivery")).toBeVisible();
    await expect(panel.getByText("Online Store")).toBeVisible();
    await expect(panel.getByText("Asha Rani Patil")).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveCount(2);

    // The cart is empty afterwards and the order is remembered as the last one.
    expect(await page.evaluate(() => localStorage.getItem("ql:cart:v2"))).toBe("[]");
    const lastOrderId = await page.evaluate(() => localStorage.getItem("lastOrderId"));
    await page.goto("/thank-you");
    await expect(page).toHaveURL(`/thank-you?orderId=${lastOrderId}`);
  });

  test("migrates a cart from ql:cart:v1 once and shows it on the cart page", async ({ page, request }) => {
    const products = (await (await request.get("/api/products?limit=1")).json()) as {
      products: Array<{ id: string; name: string; price: number; photo: string | null }>;
    };
    const p = products.products[0];
    if (!p) throw new Error("no products");
    await page.goto("/");
    await page.evaluate((product) => {
      localStorage.removeItem("ql:cart:v2");
      localStorage.setItem(
        "ql:cart:v1",
        JSON.stringify([
          {
            id: `${product.id}||`,
            name: product.name,
            photo: product.photo,
            unitPrice: product.price,
            qty: 3,
            sku: null,
            size: null,
            isSet: false,
            setSizes: [],
            meta: { productId: product.id, baseUnitPrice: product.price },
          },
        ]),
      );
    }, p);
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: p.name })).toBeVisible();
    await expect(page.getByLabel(`Quantity of ${p.name}`)).toHaveValue("3");
    expect(await page.evaluate(() => localStorage.getItem("ql:cart:v1"))).toBeNull();
  });

  test("the cart page's controls: minimum 1, Remove, Clear Cart with Undo, and the empty state", async ({ page }) => {
    const [name] = await addFirstCardProducts(page, 1);
    await page.goto("/cart");
    const qty = page.getByLabel(`Quantity of ${name}`);
    await expect(qty).toHaveValue("1");
    await expect(page.getByRole("button", { name: `One less: ${name}` })).toBeDisabled();
    await qty.fill("0");
    await qty.press("Enter");
    await expect(qty).toHaveValue("1");
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(qty).toBeVisible();
    await page.getByRole("button", { name: `Remove ${name}` }).click();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  });

  test("checkout with an empty cart goes to /products", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a pincode the store does not serve disables Place Order with the spec's label", async ({ page }) => {
    await addFirstCardProducts(page, 1);
    await page.goto("/checkout");
    await page.getByLabel("Pincode").fill("110001");
    await expect(page.getByText("Pincode is not serviceable.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Non-Serviceable (Request for Quote)" })).toBeDisabled();
    // A state that does not match the pincode gets a gentle warning.
    await page.getByLabel("State").selectOption("Gujarat");
    await expect(page.getByText("Pincode 110001 is in Delhi, not Gujarat. Please check the state.")).toBeVisible();
  });

  test("someone else's order id shows only its status", async ({ page, browser }) => {
    await addFirstCardProducts(page, 1);
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/orderId=/);
    const url = page.url();
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(url);
    await expect(other.getByRole("heading", { level: 1, name: "Checking" })).toBeVisible();
    await expect(other.getByText("Order details are shown only in the browser that placed the order.")).toBeVisible();
    await expect(other.getByText("Asha Rani Patil")).toHaveCount(0);
    await expect(other.getByText("9820012345")).toHaveCount(0);
    await stranger.close();
  });
});
