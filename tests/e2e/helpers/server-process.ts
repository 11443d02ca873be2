import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFreshDatabase } from "../../../scripts/fresh-postgres.mjs";

/**
 * `npm start` as a child process on a database of its own (a fresh PGlite folder, or a fresh
 * PostgreSQL database when the tests run with DATABASE_URL), for tests that need the server
 * configured differently from the shared one.
 */

export interface ServerProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** A database of its own for spawned processes: its environment variables, and how to drop it. */
export interface ProcessDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createProcessDatabase(name: string): Promise<ProcessDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const fresh = await createFreshDatabase(adminUrl, name);
    return { env: { DATABASE_URL: fresh.url }, drop: fresh.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The demo store's order rules for tests that place many orders from this machine: no hourly
 * limits, no guest limits, no COD codes. A test of those rules passes DEMO_ORDER_RULES itself.
 */
export const NO_ORDER_LIMITS = JSON.stringify({
  ordersPerIpPerHour: 0,
  ordersPerPhonePerHour: 0,
  guestMaxOrderValue: 0,
  guestMaxLineQuantity: 0,
  codCodeEnabled: false,
});

/** The environment a spawned process inherits: this one's, without the tests' DATABASE_URL. */
export function childEnv(database: ProcessDatabase, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _admin, ...inherited } = process.env;
  return { ...inherited, LOG_LEVEL: "warn", DEMO_ORDER_RULES: NO_ORDER_LIMITS, ...database.env, ...env };
}

/**
 * Starts `npm start` on `database` (a fresh one of its own when none is given; that one is
 * dropped at stop, a given one is left to its owner).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  name = "mandi_proc",
  given?: ProcessDatabase,
): Promise<ServerProcess> {
  const database = given ?? (await createProcessDatabase(name));
  const dropDatabase = given ? async () => {} : database.drop;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: childEnv(database, { PORT: String(port), HOST: "127.0.0.1", ...env }),
    stdio: "pipe",
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    await dropDatabase();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`the server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, output: () => output, stop };
}
