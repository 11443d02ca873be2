import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { askForCode, uniquePhone } from "./helpers/account";
import { signIn } from "./helpers/console";

/**
 * The owner's Jobs page (issue 57): the background work the store does by itself, such as the
 * housekeeping every process starts with, with what failed and why. Retry and Discard on
 * failing and dead jobs are tried against the database in tests/db/console-jobs.test.ts.
 */
test("the owner sees the store's background work on the Jobs page", async ({ page }) => {
  await signIn(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Jobs" }).click();
  // The Jobs page reads the job queue; on a loaded CI machine that took more than 10 s once.
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle("Jobs · Console");
  await expect(page.getByRole("link", { name: /^Failing \d+$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No job is failing.")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("link", { name: "Recent", exact: true }).click();
  await expect(page).toHaveURL(/view=recent/);
  const housekeeping = page.getByRole("row").filter({ hasText: "Housekeeping" });
  await expect(housekeeping.filter({ hasText: "Done" }).first()).toBeVisible();
  // The next run waits its turn.
  await expect(housekeeping.filter({ hasText: "Waiting" }).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test("the owner reads the development outbox's messages on the Messages page", async ({ page, browser }) => {
  const shopper = await (await browser.newContext()).newPage();
  const phone = uniquePhone();
  await askForCode(shopper, phone);
  await shopper.context().close();

  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByText("Development outbox: no SMS leaves this machine.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `+91 ${phone}` });
  await expect(row.getByText(/^\d{6} is your .* sign-in code\./)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test("the owner finds the store's backups on the Backups page", async ({ page }) => {
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Backups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle("Backups · Console");
  if (process.env.DATABASE_URL) {
    // On PostgreSQL the page says how: pg_dump, and its restore.
    await expect(page.getByText("This store runs on PostgreSQL: its backups are made with pg_dump")).toBeVisible();
    await expect(page.getByText(/pg_restore --clean --if-exists/)).toBeVisible();
  } else {
    // Pressing it is tried on a store of its own (backups-console-process.spec.ts): here it
    // would pause the shared server's queries while the copy is taken.
    await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();
    await expect(page.getByText(/One is made every day, and the newest 7 of those are kept/)).toBeVisible();
  }
  // What the page says differs by database, and PostgreSQL's pass runs at the desktop width only
  // (ADR 0075): the phone's width is tried here too.
  for (const width of new Set([page.viewportSize()?.width ?? 1280, 390])) {
    await page.setViewportSize({ width, height: 844 });
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
