// Starts the built server for the browser tests on a database of its own: a fresh PGlite
// folder, or, when DATABASE_URL is set, a fresh PostgreSQL database dropped again on exit.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const adminUrl = process.env.DATABASE_URL;
let cleanup = async () => {};

if (adminUrl) {
  const name = `mandi_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-e2e-"));
  process.env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

process.env.LOG_LEVEL ??= "warn";
const { startServer } = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
const running = await startServer();
const stop = async () => {
  await running.stop();
  await cleanup();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
