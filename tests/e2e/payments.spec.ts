import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addFirstCardProducts } from "./helpers/cart";

/**
 * Online payment through the built-in sandbox gateway (the default), as a shopper meets it:
 * Pay Online, the test gateway's page, the return, the thank-you page per status.
 */

async function checkoutOnline(page: Page): Promise<void> {
  await page.goto("/checkout");
  await page.getByLabel("Full Name").fill("Asha Rani Patil");
  await page.getByLabel("Phone").fill("9820012345");
  await page.getByLabel("Address Line 1").fill("Shop 4, Sai Darshan CHS, Sector 17");
  await page.getByLabel("Pincode").fill("400703");
  await expect(page.getByText("Pincode is serviceable!")).toBeVisible();
  await page.getByRole("radio", { name: /Pay Online/ }).check();
  await page.getByRole("button", { name: "Place Order" }).first().click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/ordeh_/);
  await expect(page.getByText("TEST GATEWAY")).toBeVisible();
}

/**
 * Waits for /payment-return to move on to the thank-you page: its scripts, then the server's
 * status check, then the thank-you page's data, one after another; under CI's load that chain
 * took 4.8-5.3 s, and hydration alone has taken more than 5 s, so it gets longer than an
 * assertion's 10.
 */
async function reachThankYou(page: Page, url: RegExp = /\/thank-you\?/): Promise<void> {
  await page.waitForURL(url, { timeout: 20_000 });
}

/** Picks an outcome on the sandbox's payment page and waits for the thank-you page. */
async function choose(page: Page, outcome: "Success" | "Failure" | "Pending" | "Cancel" | "Void") {
  await page.getByRole("button", { name: new RegExp(`^${outcome}\\b`) }).click();
  await reachThankYou(page);
}

async function cartCount(page: Page): Promise<string> {
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ });
  return (await link.getAttribute("aria-label")) ?? (await link.textContent()) ?? "";
}

test.describe("online payment through the sandbox", () => {
  test("success: the test gateway shows the amount, the return confirms it, the cart is cleared once", async ({
    page,
  }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    await expect(page.getByText("Amount to pay")).toBeVisible();
    await expect(page.locator(".amount")).toHaveText(/^₹[\d,]+$/);
    for (const label of ["Success", "Failure", "Pending", "Cancel"]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${label}\\b`) })).toBeVisible();
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await choose(page, "Success");
    await expect(page).toHaveURL(/\/thank-you\?orderId=[0-9a-f-]{36}&status=paid/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Products" })).toBeVisible();
    await expect(page.getByText("Online", { exact: true })).toBeVisible();
    await expect(page.locator(".status-badge").first()).toHaveText("paid");
    await expect(page.locator(".order-facts").getByText("Not yet")).toHaveCount(0);
    await expect.poll(() => cartCount(page)).not.toMatch(/[1-9]/);

    // Something added after paying stays in the cart when the thank-you page is seen again.
    const thankYou = page.url();
    await addFirstCardProducts(page);
    await page.goto(thankYou);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
    await expect.poll(() => cartCount(page)).toMatch(/[1-9]/);
  });

  test("failure, then Try Again pays the same order", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    await choose(page, "Failure");
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
    const orderHeading = await page.getByRole("heading", { level: 2, name: /^Order #/ }).textContent();
    // The cart is kept while the order is unpaid.
    await expect.poll(() => cartCount(page)).toMatch(/[1-9]/);

    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/ordeh_/);
    await choose(page, "Success");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^Order #/ })).toHaveText(orderHeading ?? "");
  });

  test("cancel on the payment page is a failed payment with Try Again", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    await choose(page, "Cancel");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  });

  test("pending, then paid by webhook while the shopper watches the thank-you page", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    const paymentPage = page.url();
    await choose(page, "Pending");
    await expect(page.getByRole("heading", { level: 1, name: "Checking" })).toBeVisible();
    await expect(page.locator(".status-badge").first()).toHaveText("pending");

    // The bank answers later, away from the open page (the sandbox's page settles only for the
    // payer's browser, so its cookies go along): only the gateway's webhook tells the store, and
    // the open page updates by itself.
    const settled = await page.request.post(paymentPage, { form: { choice: "success" }, maxRedirects: 0 });
    expect(settled.status()).toBe(303);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible({ timeout: 15_000 });
  });

  test("a held payment the bank lets go shows Payment Voided with Place a New Order", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    const paymentPage = page.url();
    await choose(page, "Pending");
    await expect(page.getByRole("heading", { level: 1, name: "Checking" })).toBeVisible();
    await page.goto(paymentPage);
    await choose(page, "Void");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Voided" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Place a New Order" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Products" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
  });

  test("a refund from the gateway shows Payment Refunded with Place a New Order", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    const paymentPage = page.url();
    await choose(page, "Success");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
    // The payer's page offers no refund; the shop refunds through the sandbox's merchant side,
    // which answers only on this machine.
    await page.goto(paymentPage);
    await expect(page.getByRole("heading", { name: "This payment is closed" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Refund/ })).toHaveCount(0);
    const paymentId = new URL(paymentPage).pathname.split("/").pop();
    const refunded = await page.request.post("/api/dev/sandbox-refund", { data: { paymentId } });
    expect(refunded.status()).toBe(200);
    // A second full refund is the gateway's refusal, said plainly.
    const again = await page.request.post("/api/dev/sandbox-refund", { data: { paymentId } });
    expect(again.status()).toBe(409);
    await page.getByRole("link", { name: "Return to the store" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Refunded" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Place a New Order" })).toBeVisible();
  });

  test("a payment link opened in another browser shows nothing and chooses nothing", async ({ page, browser }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    const paymentPage = page.url();
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    const seen = await other.goto(paymentPage);
    expect(seen?.status()).toBe(404);
    await expect(other.getByRole("heading", { name: "Payment not found" })).toBeVisible();
    const posted = await other.request.post(paymentPage, { form: { choice: "success" } });
    expect(posted.status()).toBe(404);
    await stranger.close();
    // The payer's own browser still pays.
    await page.reload();
    await choose(page, "Success");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  });
});

test.describe("payment return", () => {
  test("without an order id it says so, then shows the order status as unknown", async ({ page }) => {
    // The page's clock stands still until the message is seen: on a slow machine its 1.5 s passed
    // between two looks, and the test failed without a fault.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/payment-return");
    await expect(page.getByRole("heading", { name: "Finalizing your payment…" })).toBeVisible();
    // Hydrating takes a few of the page's timers; each look lets 10 ms pass, far less than 1.5 s in all.
    const message = page.getByText("Missing order id in return URL.");
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        return message.isVisible();
      })
      .toBe(true);
    // The message stays 1.5 s of the page's time before the page moves on.
    await page.clock.runFor(1_500);
    await page.clock.resume();
    await reachThankYou(page, /\/thank-you\?status=unknown/);
    await expect(page.getByRole("heading", { level: 1, name: "Order Status Unknown" })).toBeVisible();
  });

  test("a return URL that claims CHARGED does not pay an unpaid order", async ({ page }) => {
    await addFirstCardProducts(page);
    await checkoutOnline(page);
    const orderId = await page.evaluate(() => localStorage.getItem("lastOrderId"));
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    await page.goto(`/payment-return?orderId=${orderId}&status=CHARGED&status_id=21&signature=forged`);
    await reachThankYou(page, /\/thank-you\?.*status=pending/);
    await expect(page.getByRole("heading", { level: 1, name: "Checking" })).toBeVisible();
  });
});

async function antiForgery(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get("/");
  const token = (await request.storageState()).cookies.find((c) => c.name === "mandi_csrf")?.value;
  if (!token) throw new Error("no anti-forgery cookie");
  return { "X-CSRF-Token": token, "X-Requested-With": "XMLHttpRequest" };
}

test.describe("payment endpoints at the HTTP boundary", () => {
  test("webhooks need the gateway's credentials; the return check needs an order and the token pair", async ({
    request,
  }) => {
    const forged = await request.post("/api/payments/webhook", {
      headers: { Authorization: `Basic ${Buffer.from("sandbox:guess").toString("base64")}` },
      data: { id: "evt_forged", event_name: "ORDER_SUCCEEDED", content: { order: { order_id: "X1" } } },
    });
    expect(forged.status()).toBe(401);
    expect((await request.get("/api/payments/webhook")).status()).toBe(405);

    expect((await request.post("/api/payments/return", { data: { orderId: "x" } })).status()).toBe(403);
    const headers = await antiForgery(request);
    const missing = await request.post("/api/payments/return", { headers, data: {} });
    expect(missing.status()).toBe(422);
    expect(((await missing.json()) as { error: string }).error).toBe("Missing order id in return URL.");
    const unknown = await request.post("/api/payments/return", {
      headers,
      data: { orderId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status()).toBe(404);
  });
});
