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
