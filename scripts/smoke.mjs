#!/usr/bin/env node
// node scripts/smoke.mjs: starts the built store on a fresh embedded database with this Node
// (CI runs it with each supported Node line), and checks it answers as a shopper and a load
// balancer would: /readyz, the home page, the products API. Exits 0 when all answered.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-smoke-"));
const port = Number(process.env.SMOKE_PORT ?? 3391);
const { DATABASE_URL: _ignored, ...env } = process.env;
const child = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
let failure = null;
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("the store did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const home = await fetch(`${url}/`);
  if (home.status !== 200 || !(await home.text()).includes("</html>")) throw new Error(`home answered ${home.status}`);
  const api = await fetch(`${url}/api/products?limit=1`);
  const { products } = await api.json();
  if (api.status !== 200 || products.length !== 1) throw new Error(`the products API answered ${api.status}`);
  process.stdout.write(`Smoke test passed on Node ${process.versions.node}.\n`);
} catch (error) {
  failure = error;
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  process.stderr.write(`Smoke test failed on Node ${process.versions.node}: ${failure.message}\n`);
  process.exit(1);
}
