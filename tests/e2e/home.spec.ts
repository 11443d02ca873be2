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

  test("shows category and brand logos as WebP pictures, not as SVG documents", async ({ page }) => {
    const logos: { url: string; type: string }[] = [];
    page.on("response", (r) => {
      if (/\/media\/demo\/[bc]\//.test(r.url())) logos.push({ url: r.url(), type: r.headers()["content-type"] ?? "" });
    });
    await page.goto("/");
    const tiles = page.locator(".tile img");
    await expect(tiles.first()).toBeVisible();
    // Decoded as a picture of the width asked for (an SVG document has the width it declares).
    await expect
      .poll(() => tiles.first().evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const width = await tiles.first().evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(width).toBe(160);
    expect(logos.length).toBeGreaterThan(0);
    for (const logo of logos) {
      expect(logo.url).toMatch(/\?w=160$/);
      expect(logo.type).toBe("image/webp");
    }
  });

  test("the first banner is the picture the browser fetches first; the logo and the tiles wait", async ({ page }) => {
    // Chrome raises pictures it lays out on screen to high priority unless the page says low;
    // on a slow connection they would share it with the banner, the page's largest picture.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const urls = new Map<string, string>();
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", (event) => {
      urls.set(event.requestId, new URL(event.request.url).pathname);
      priorities.set(event.requestId, event.request.initialPriority);
    });
    cdp.on("Network.resourceChangedPriority", (event) => priorities.set(event.requestId, event.newPriority));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const final = (pattern: RegExp) =>
      [...urls].filter(([, path]) => pattern.test(path)).map(([id]) => priorities.get(id) ?? "");
    expect(final(/\/media\/demo\/banner-stock-up/)).toEqual(["High"]);
    const waiting = [...final(/\/media\/demo\/logo/), ...final(/\/media\/demo\/[bc]\//)];
    expect(waiting.length).toBeGreaterThan(10);
    expect(new Set(waiting)).toEqual(new Set(["Low"]));
  });

  test("on a phone the brands are one row that scrolls sideways, and products follow soon after", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the brand row is a phone layout");
    await page.goto("/");
    const brands = page.locator(".tile-grid--brands");
    const tops = await brands.locator("li").evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    expect(await brands.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    // The first category section starts within two screens of the top, not after forty tiles.
    const firstSection = page.locator(".home-section").first();
    expect((await firstSection.boundingBox())?.y ?? Infinity).toBeLessThan(2 * 844);
    // A brand further along the row is reached by scrolling it, and still opens its products.
    const last = brands.getByRole("link").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });

  test("the last section's placeholders stand still until it loads, then it shows products", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".product-card--still").first()).toBeAttached();
    // No CSS animation runs while the shopper reads the top of the page (the banner moves by a
    // transition, on its timer, which is not what this is about).
    expect(await page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSAnimation).length)).toBe(0);
    const last = page.locator(".home-section").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator(".product-card:not(.product-card--skeleton)").first()).toBeVisible();
    await expect(last.locator(".product-card--skeleton")).toHaveCount(0);
  });

  for (const outcome of ["its products", "a failure"] as const) {
    test(`the footer stays under the shopper's finger while the last section above it loads ${outcome}`, async ({
      page,
    }) => {
      // CI met it: on a phone the loaded section is a thousand pixels taller than its
      // placeholders, and a tap on Subscribe landed on a product card.
      let answer = () => {};
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(/\/api\/products\?/, async (route) => {
        await held;
        if (outcome === "a failure") await route.fulfill({ status: 503, body: "" });
        else await route.continue();
      });
      await page.goto("/");
      const last = page.locator(".home-section").last();
      await expect(last.locator(".product-card--skeleton").first()).toBeAttached();
      const subscribe = page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" });
      const asked = page.waitForRequest(/\/api\/products\?/);
      // The shopper reads down to the footer, so each section on the way is laid out at its own
      // size. (Home's sections skip layout while far from the screen, at an estimated height:
      // one first laid out when the correction scrolls it near moved the footer 22.5 px in CI.
      // That is the browser's, not what this is about.)
      await page.evaluate(async () => {
        const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await frames();
        }
      });
      await subscribe.scrollIntoViewIfNeeded();
      await asked;
      // The store font has come (it moves text a little when it does: not what this is about).
      await page.waitForFunction(() => document.fonts.check("1em Inter") && document.fonts.status === "loaded");
      const before = (await subscribe.boundingBox())?.y ?? Number.NaN;
      // The section starts above the screen: the shopper is past its start.
      expect((await last.boundingBox())?.y ?? 0).toBeLessThan(0);
      answer();
      if (outcome === "a failure") await expect(last.locator(".product-card--skeleton")).toHaveCount(0);
      else await expect(last.locator(".product-card:not(.product-card--skeleton)").first()).toBeAttached();
      // Where it was, to the device pixel (a scroll moves by whole ones).
      expect(Math.abs(((await subscribe.boundingBox())?.y ?? Number.NaN) - before)).toBeLessThan(1);
    });
  }

  test("a section's Load more adds the next 8 products below the ones the shopper sees", async ({ page, request }) => {
    await page.goto("/");
    const section = page.locator(".home-section").first();
    const cards = section.locator(".product-card:not(.product-card--skeleton)");
    await expect(cards).toHaveCount(8);
    // Sections are chosen at random; the demo's smallest shelf (Kitchen Equipment) holds 11.
    const seeAll = (await section.getByRole("link", { name: /See all/ }).getAttribute("href")) ?? "";
    const category = new URL(seeAll, "http://x").searchParams.get("category") ?? "";
    expect(category).not.toBe("");
    const listed = await request.get(`/api/products?category=${encodeURIComponent(category)}&limit=24`);
    const inCategory = ((await listed.json()) as { products: unknown[] }).products.length;
    expect(inCategory).toBeGreaterThan(8);
    const more = section.getByRole("button", { name: "Load more" });
    await more.scrollIntoViewIfNeeded();
    const lastSeen = cards.nth(7);
    const before = (await lastSeen.boundingBox())?.y ?? Number.NaN;
    await more.click();
    await expect(cards).toHaveCount(Math.min(16, inCategory));
    // A shelf that is all shown has nothing more to load.
    if (inCategory <= 16) await expect(more).toHaveCount(0);
    expect(Math.abs(((await lastSeen.boundingBox())?.y ?? Number.NaN) - before)).toBeLessThan(1);
  });

  test("has no accessibility violations on the home page", async ({ page }) => {
    await page.goto("/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test("a banner's heading, text and button are real text, legible on a phone, with the arrows clear of the dots", async ({
  page,
}) => {
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Offers" });
  const first = slider.getByRole("link", { name: /^1 of \d+: Stock up for the season/ });
  await expect(first.getByText("Stock up for the season", { exact: true })).toBeVisible();
  await expect(first.getByText("10% off your order with code SAVE10 (up to ₹500)")).toBeVisible();
  await expect(first.getByText("Shop the offer")).toBeVisible();
  const size = (text: string) =>
    first.getByText(text, { exact: true }).evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  // Drawn into the picture it was about 9 px high at 390 px.
  expect(await size("Stock up for the season")).toBeGreaterThanOrEqual(22);
  expect(await size("10% off your order with code SAVE10 (up to ₹500)")).toBeGreaterThanOrEqual(16);

  const box = async (name: string) => {
    const found = await slider.getByRole("button", { name }).boundingBox();
    if (!found) throw new Error(`${name} is not shown`);
    return found;
  };
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const dots = await Promise.all([1, 2, 3].map((n) => box(`Show banner ${n}`)));
  for (const arrow of [await box("Previous banner"), await box("Next banner")]) {
    expect(arrow.width).toBeGreaterThanOrEqual(36);
    for (const dot of dots) expect(overlap(arrow, dot)).toBe(false);
  }
  // The button stays clear of the controls at the banner's foot.
  const button = await first.getByText("Shop the offer").boundingBox();
  const lowest = Math.min(...dots.map((dot) => dot.y));
  expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(lowest);
});
