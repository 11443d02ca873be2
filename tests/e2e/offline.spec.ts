import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";

/**
 * Offline use (spec section 2; the store-face issue): after the shopper has browsed, the
 * connection drops. Pages seen before still open, with the spec's banner; a page never seen
 * says so; an order is refused with a clear message, never queued. And the store is
 * installable: Chrome's own installability check (the one Lighthouse's PWA audit ran) finds
 * nothing missing.
 */

const BANNER = "You're offline. Showing cached data.";

async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test("pages seen before open offline with the banner; an order is refused, not queued", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await serviceWorkerInControl(page);

  // Browse while online: the listing, one product, its Add to Cart, then checkout.
  await page.goto("/products");
  const addButtons = page.getByRole("button", { name: /^Add .* to cart$/ });
  const productName = ((await addButtons.first().getAttribute("aria-label")) ?? "").replace(/^Add (.*) to cart$/, "$1");
  const addButton = page.getByRole("button", { name: `Add ${productName} to cart`, exact: true });
  const card = page.getByRole("article").filter({ has: addButton });
  const productPath = (await card.getByRole("link").first().getAttribute("href")) ?? "";
  await addButton.click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("ql:cart:v2") ?? "")).toContain("productId");
  await page.goto(productPath);
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Full Name").fill("Asha Rani Patil");
  await page.getByLabel("Phone").fill("9820012345");
  await page.getByLabel("Address Line 1").fill("Shop 4, Sai Darshan CHS, Sector 17");
  await page.getByLabel("Pincode").fill("400703");
  await expect(page.getByText("Pincode is serviceable!")).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).first().click();
  await expect(
    page.getByText("You're offline. Your order was not placed: please try again when you're connected."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  // Pages seen before open from the device, with the banner.
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByText(BANNER)).toBeVisible();
  await page.goto(productPath);
  await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText(BANNER)).toBeVisible();
  // A link followed offline opens the saved page too.
  await page.getByRole("link", { name: /home$/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();

  // A page never seen says so, in the store's name (from sf:view).
  await page.goto("/policy/terms-of-use");
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /is offline$/ })).toBeVisible();

  // Back online: the offline page reloads itself into the real one, and the banner goes.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible({ timeout: 15_000 });
  await page.goto("/products");
  await expect(page.getByText(BANNER)).toBeHidden();
  // The cart was never emptied by the refused order.
  expect(await page.evaluate(() => localStorage.getItem("ql:cart:v2") ?? "")).toContain("productId");
});

test("the store is installable: manifest from the settings, icons, service worker", async ({
  baseURL,
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "one browser is enough");
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    display: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: "Annapurna HoReCa Supplies",
    short_name: "Annapurna",
    theme_color: "#1a7f37",
    display: "standalone",
    start_url: "/",
  });
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const body = await png.body();
    const [width, height] = icon.sizes.split("x").map(Number);
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([width, height]);
  }

  // Chrome refuses to judge installability in a private window: a real profile, then.
  const profile = mkdtempSync(path.join(tmpdir(), "mandi-install-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
    baseURL,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto("/");
    await serviceWorkerInControl(page);
    const cdp = await browser.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId))
      .toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
