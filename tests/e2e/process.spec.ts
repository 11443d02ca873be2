import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** The server as a process: start-up, the data folder lock, bad configuration, shutdown. */

// One at a time: `npm start` may rebuild a stale build, and two builds must not race.
test.describe.configure({ mode: "serial" });

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...inherited, LOG_LEVEL: "info", ...env },
    stdio: "pipe",
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(url: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

test("a second process on the same data folder is refused, and SIGTERM stops cleanly", async () => {
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-proc-"));
  const first = start({ DATA_DIR: dataDir, PORT: "3291", HOST: "127.0.0.1" });
  await waitForHealth("http://127.0.0.1:3291/healthz");
  expect(first.output()).toContain('"msg":"demo store created"');

  const second = start({ DATA_DIR: dataDir, PORT: "3292", HOST: "127.0.0.1" });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Mandi process`);

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');
  expect(existsSync(path.join(dataDir, "mandi.lock"))).toBe(false);

  // The data survives a restart, and the demo store is not seeded twice.
  const again = start({ DATA_DIR: dataDir, PORT: "3293", HOST: "127.0.0.1" });
  await waitForHealth("http://127.0.0.1:3293/healthz");
  expect(again.output()).not.toContain("demo store created");
  again.child.kill("SIGINT");
  expect(await again.exited).toBe(0);
});

test("a bad configuration value stops start-up with one line naming it", async () => {
  const run = start({ PORT: "eighty" });
  expect(await run.exited).toBe(1);
  expect(run.output().trim().split("\n").at(-1)).toBe(
    'Invalid configuration: PORT Invalid input: expected number, received NaN (got "eighty")',
  );
});
