import { type Browser, expect, type Page } from "@playwright/test";

/** The demo store's owner (README), and the console's sign-in and staff invitation as a person does them. */
export const OWNER = { email: "owner@annapurna.example", password: "annapurna-demo-owner" };

export async function signIn(page: Page, next = "/admin") {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
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
  const packer = await (await browser.newContext()).newPage();
  await packer.goto(new URL(link).pathname + new URL(link).search);
  await packer.getByLabel("Password", { exact: true }).fill("packing-tea-daily");
  await packer.getByLabel("Password again").fill("packing-tea-daily");
  await packer.getByRole("button", { name: "Save password" }).click();
  await expect(packer.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return { packer, email };
}
