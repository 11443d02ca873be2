import { type Browser, expect, type Page } from "@playwright/test";

/** The demo store's owner (README), and the console's sign-in and staff invitation as a person does them. */
export const OWNER = { email: "owner@annapurna.example", password: "annapurna-demo-owner" };

export async function signIn(page: Page, next = "/admin") {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in once the sign-in page is left for the page asked for.
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
}

/** The owner invites a packer by link; the packer chooses a password and lands on the dashboard. */
export async function invitePacker(owner: Page, browser: Browser): Promise<{ packer: Page; email: string }> {
  await signIn(owner, "/admin/staff");
  await expect(owner.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const email = `packer${Date.now()}${Math.floor(Math.random() * 1000)}@annapurna.example`;
  await owner.getByLabel("Email").fill(email);
  await owner.getByLabel("Name (optional)").fill("Ravi Packer");
  await owner.getByLabel("Role").selectOption("staff");
  await owner.getByRole("button", { name: "Invite" }).click();
  const link = (await owner.locator(".console-link").textContent()) ?? "";
  expect(link).toMatch(/\/admin\/welcome\?token=[\w-]{43}$/);
  // The password is chosen with the page's scripts off, so the plain form's path is the one
  // always tested (a hydrated page posts differently); the session then goes on with scripts.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const welcome = await plain.newPage();
  await welcome.goto(new URL(link).pathname + new URL(link).search);
  await welcome.getByLabel("Password", { exact: true }).fill("packing-tea-daily");
  await welcome.getByLabel("Password again").fill("packing-tea-daily");
  await welcome.getByRole("button", { name: "Save password" }).click();
  await expect(welcome.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const context = await browser.newContext();
  await context.addCookies(await plain.cookies());
  await plain.close();
  const packer = await context.newPage();
  await packer.goto("/admin");
  await expect(packer.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return { packer, email };
}

/** Deletes a product made by a journey, as the owner would: found in the list, ticked, deleted. */
export async function deleteProduct(page: Page, name: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await row.getByRole("checkbox", { name: `Tick ${name}` }).check();
  await page.getByLabel("With the ticked products").selectOption("Delete");
  await page.getByRole("button", { name: "Apply to ticked" }).click();
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByRole("status")).toHaveText("1 product deleted.");
}
