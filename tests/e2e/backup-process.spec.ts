import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { placeApiOrder } from "./helpers/api-order";
import { startServerProcess } from "./helpers/server-process";

/**
 * `npm run backup` of the embedded database while the store serves, and `npm run restore` of
 * it into another folder: the restored store has the order placed before the backup (issue 53).
 */

test.describe.configure({ mode: "serial" });

test("a backup taken while the store serves restores with its orders", async () => {
  test.skip(Boolean(process.env.DATABASE_URL), "the embedded database's backup; PostgreSQL uses pg_dump");
  test.setTimeout(400_000);
  const folder = mkdtempSync(path.join(tmpdir(), "mandi-backup-"));
  const dataDir = path.join(folder, "data");
  const database = { env: { DATA_DIR: dataDir }, drop: async () => {} };
  const server = await startServerProcess(3301, {}, "mandi_backup", database);
  let restoredServer: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    const placed = await placeApiOrder(server.url, { fullName: "Backup Test" });
    expect(placed.status).toBe(201);
    const { orderId, orderNumber } = (await placed.json()) as { orderId: string; orderNumber: string };

    const out = path.join(folder, "store.tar.gz");
    const backup = spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts", "--out", out], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backed up the embedded database`);
    // The store went on serving through it.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.stop();

    const restoredDir = path.join(folder, "restored");
    const restore = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", out], {
      env: { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(restore.status, restore.stderr).toBe(0);
    restoredServer = await startServerProcess(3302, {}, "mandi_restored", {
      env: { DATA_DIR: restoredDir },
      drop: async () => {},
    });
    const order = (await (await fetch(`${restoredServer.url}/api/orders/${orderId}`)).json()) as {
      orderNumber: string;
    };
    expect(order.orderNumber).toBe(orderNumber);
    expect(restoredServer.output()).not.toContain("demo store created");
  } finally {
    await server.stop();
    await restoredServer?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
