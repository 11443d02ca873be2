import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { placeApiOrder } from "./helpers/api-order";
import { OWNER } from "./helpers/console";
import { startServerProcess } from "./helpers/server-process";

/**
 * The owner's Backups page (issue 61), on a store of its own on the embedded database: Back up
 * now, the backup listed and downloadable, an order placed after it, then Restore: the store
 * stops, comes back by itself with the backup's data, and the later order is gone.
 */

async function placeOrder(url: string): Promise<string> {
  const placed = await placeApiOrder(url, { fullName: "Backup Journey" });
  expect(placed.status).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

test("an owner backs up, downloads, and restores the store from the console", async ({ page }) => {
  test.skip(Boolean(process.env.DATABASE_URL), "the embedded database's backups; PostgreSQL has pg_dump");
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), "mandi-console-backups-"));
  const server = await startServerProcess(3371, { LOG_LEVEL: "info" }, "mandi_backups", {
    env: { DATA_DIR: folder },
    drop: async () => {},
  });
  try {
    const before = await placeOrder(server.url);

    await page.goto(`${server.url}/admin/backups`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
    await expect(page.getByText("No backup has been made yet.")).toBeVisible();
    await expect(page.getByText(/One is made every day, and the newest 7 of those are kept; the next/)).toBeVisible();

    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(page.getByRole("status")).toHaveText("A backup is being made. It appears here in a moment.");
    const row = page.getByRole("row").filter({ hasText: "By hand" });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d+(\.\d)? MB$/);

    // The owner copies it off the machine.
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link").click()]);
    expect(download.suggestedFilename()).toMatch(/^mandi-\d{8}-\d{6}\.tar\.gz$/);

    const after = await placeOrder(server.url);
    expect((await fetch(`${server.url}/api/orders/${after}`)).status).toBe(200);

    // Restore asks for the word first.
    await page.getByLabel("Type RESTORE to confirm").fill("restore");
    await page.getByRole("button", { name: "Restore this backup" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Type RESTORE to confirm: the store's data now will be replaced by the backup's.",
    );
    await page.getByLabel("Type RESTORE to confirm").fill("RESTORE");
    await page.getByRole("button", { name: "Restore this backup" }).click();
    await expect(page.getByRole("status").first()).toContainText("Restoring mandi-");
    // The page opens again by itself once the store is back.
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText("Restoring")).toHaveCount(0, { timeout: 90_000 });

    expect((await fetch(`${server.url}/api/orders/${before}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/orders/${after}`)).status).toBe(404);
    expect(server.output()).toContain('"msg":"backup restored"');
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
