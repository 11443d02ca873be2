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

export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  name = "mandi_proc",
): Promise<ServerProcess> {
  const { DATABASE_URL: adminUrl, ...inherited } = process.env;
  let dbEnv: Record<string, string>;
  let dropDatabase: () => Promise<void>;
  if (adminUrl) {
    const fresh = await createFreshDatabase(adminUrl, name);
    dbEnv = { DATABASE_URL: fresh.url };
    dropDatabase = fresh.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    dbEnv = { DATA_DIR: dir };
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...inherited, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", ...dbEnv, ...env },
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
