import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import {
  childEnv,
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
} from "./helpers/server-process";

/**
 * One installation, two stores (the store-face issue): the commands create a second store,
 * map a domain to each, set the new store's branding and import its catalogue; then each host
 * name shows its own catalogue and settings, rendered on the server (colours and font in the
 * HTML before any script), and a host that matches no store gets the spec's not-found store
 * page with HTTP 404. Chromium resolves the *.mandi.test names to this machine.
 */

const PORT = 3341;
const SHOP = `http://shop.mandi.test:${PORT}`;
const COASTAL = `http://coastal.mandi.test:${PORT}`;

function run(database: ProcessDatabase, script: string, args: string[]): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: childEnv(database),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.mandi.test 127.0.0.1"],
  },
});

test("two stores on two host names, each with its own catalogue and look; an unknown host is told so", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const database = await createProcessDatabase("mandi_hosts");
  let server: ServerProcess | null = null;
  try {
    // First start seeds the demo store; the embedded database takes one process at a time.
    server = await startServerProcess(PORT, {}, "mandi_hosts", database);
    await server.stop();
    server = null;

    run(database, "scripts/store.ts", [
      "create",
      "coastal",
      "--title",
      "Coastal Caterers Supply",
      "--domain",
      "coastal.mandi.test",
    ]);
    run(database, "scripts/store.ts", ["domain", "add", "annapurna", "shop.mandi.test"]);
    run(database, "scripts/store.ts", [
      "set",
      "coastal",
      "primaryColor=#7c3aed",
      "font=Poppins",
      "roundedButtons=false",
      "companyName=Coastal Caterers Supply LLP",
      "email=hello@coastal.example.in",
    ]);
    run(database, "scripts/import.ts", ["docs/examples/products.csv", "--store", "coastal"]);
    const listed = run(database, "scripts/store.ts", ["list"]);
    expect(listed).toMatch(/annapurna\tAnnapurna HoReCa Supplies\tshop\.mandi\.test/);
    expect(listed).toMatch(/coastal\tCoastal Caterers Supply\tcoastal\.mandi\.test/);

    run(database, "scripts/updates.ts", [
      "add",
      "--title",
      "UPI for every store",
      "--body",
      "Shoppers can now pay by UPI on every store of this installation.",
    ]);
    expect(run(database, "scripts/updates.ts", ["list"])).toMatch(/\tUPI for every store\n/);

    server = await startServerProcess(
      PORT,
      { OPERATOR_NAME: "Mandi Hosting, Navi Mumbai", OPERATOR_EMAIL: "stores@mandi.example" },
      "mandi_hosts",
      database,
    );
    const context = await browser.newContext();
    const page = await context.newPage();

    // The demo store at its host: its own look, server-rendered.
    const shopHome = await page.goto(`${SHOP}/`);
    const shopHtml = (await shopHome?.text()) ?? "";
    expect(shopHtml).toContain("--color-primary:#1a7f37");
    expect(shopHtml).toMatch(/<link rel="stylesheet" href="\/assets\/inter-[\w-]+\.css"/);
    await page.goto(`${SHOP}/products?q=paneer`);
    await expect(page.getByRole("article").first()).toBeVisible();
    await page.goto(`${SHOP}/products?q=ripple`);
    await expect(page.getByText("Ripple Paper Cups")).toHaveCount(0);

    // The second store at its host: its catalogue, colours, font and square buttons.
    const coastalHome = await page.goto(`${COASTAL}/`);
    const coastalHtml = (await coastalHome?.text()) ?? "";
    expect(coastalHtml).toContain("--color-primary:#7c3aed");
    expect(coastalHtml).toContain("--font-body:&quot;Poppins&quot;");
    expect(coastalHtml).toContain("--radius-button:0");
    expect(coastalHtml).toMatch(/<link rel="stylesheet" href="\/assets\/poppins-[\w-]+\.css"/);
    expect(coastalHtml).not.toContain("fonts.googleapis.com");
    await expect(page).toHaveTitle(/Coastal Caterers Supply/);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Poppins/);
    await page.goto(`${COASTAL}/products`);
    await expect(page.getByRole("article")).toHaveCount(4);
    await expect(page.getByText("Ripple Paper Cups")).toBeVisible();
    await page.goto(`${COASTAL}/products?q=paneer`);
    await expect(page.getByRole("article")).toHaveCount(0);
    await page.goto(`${COASTAL}/policy/privacy-policy`);
    await expect(page.getByRole("main").getByText("Coastal Caterers Supply LLP").first()).toBeVisible();
    // (Fetched by the page: only the browser resolves the test host names.)
    expect(await page.evaluate(() => fetch("/manifest.webmanifest").then((r) => r.json()))).toMatchObject({
      name: "Coastal Caterers Supply",
      theme_color: "#7c3aed",
    });

    // A host no store answers to (and, now that domains are mapped, the bare address too).
    for (const url of [`http://unknown.mandi.test:${PORT}/`, `http://127.0.0.1:${PORT}/products`]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "We couldn't find this store." })).toBeVisible();
      for (const href of ["/", "/create-store", "/updates"]) {
        await expect(page.locator(`main a[href="${href}"]`)).toBeVisible();
      }
    }
    // Its links: how to open a store here, with the operator's address, and the installation's news.
    await page.goto(`http://unknown.mandi.test:${PORT}/`);
    await page.getByRole("link", { name: "Create a store" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Open your own store" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What you need" })).toBeVisible();
    await expect(page.getByText("Mandi Hosting, Navi Mumbai", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "stores@mandi.example" })).toHaveAttribute(
      "href",
      "mailto:stores@mandi.example?subject=A%20store%20on%20unknown.mandi.test%3A" + PORT,
    );
    await page.getByRole("link", { name: "News from this installation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Updates" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "UPI for every store" })).toBeVisible();
    await expect(page.getByText("Shoppers can now pay by UPI on every store of this installation.")).toBeVisible();
    // On a store's own host the same page sits inside the store's header and footer.
    await page.goto(`http://coastal.mandi.test:${PORT}/updates`);
    await expect(page.getByRole("heading", { level: 2, name: "UPI for every store" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Coastal Caterers Supply");
    await context.close();
  } finally {
    await server?.stop();
    await database.drop();
  }
});
