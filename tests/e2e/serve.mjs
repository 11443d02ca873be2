// Starts the built server for the browser tests on a database of its own: a fresh PGlite
// folder, or, when DATABASE_URL is set, a fresh PostgreSQL database dropped again on exit.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const adminUrl = process.env.DATABASE_URL;
let cleanup = async () => {};

if (adminUrl) {
  const fresh = await createFreshDatabase(adminUrl, "mandi_e2e");
  process.env.DATABASE_URL = fresh.url;
  cleanup = fresh.drop;
} else {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-e2e-"));
  process.env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

process.env.LOG_LEVEL ??= "warn";
// The suite places hundreds of orders from this machine with a few phones: the demo store's
// hourly limits are off, and COD orders wait for a code above ₹20,000, which the code journey
// reaches and other carts do not. The limits' own tests start servers of their own.
process.env.DEMO_ORDER_RULES ??= JSON.stringify({
  ordersPerIpPerHour: 0,
  ordersPerPhonePerHour: 0,
  guestMaxOrderValue: 0,
  guestMaxLineQuantity: 0,
  codCodeAbove: 20_000_00,
});
process.env.NODE_ENV ??= "production";
const { startServer } = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
const running = await startServer();
const stop = async () => {
  await running.stop();
  await cleanup();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
