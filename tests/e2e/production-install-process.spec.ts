import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * A production install (issue 61): this checkout's files, `npm install --omit=dev`, and a build
 * made beforehand (here, the suite's own). `npm start` serves that build with no dev dependency
 * on the machine, and says clearly what to do when there is no build.
 */

const root = path.resolve(import.meta.dirname, "../..");

test("npm start serves a build made beforehand, after npm install --omit=dev", async () => {
  test.skip(Boolean(process.env.DATABASE_URL), "the install is the same on either database: run once");
  test.setTimeout(400_000);
  const folder = mkdtempSync(path.join(tmpdir(), "mandi-production-"));
  const checkout = path.join(folder, "mandi");
  try {
    // The files a clone has: those git tracks, as they are in this checkout.
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root }).toString("utf8").split("\0").filter(Boolean);
    for (const file of files) {
      if (existsSync(path.join(root, file))) cpSync(path.join(root, file), path.join(checkout, file));
    }
    const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: checkout,
      encoding: "utf8",
      timeout: 300_000,
    });
    expect(install.status, install.stderr).toBe(0);
    // No builder, no test runner: what a server gets.
    for (const dev of ["vite", "@react-router/dev", "vitest", "@playwright/test"]) {
      expect(existsSync(path.join(checkout, "node_modules", dev)), dev).toBe(false);
    }

    const env = {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: path.join(folder, "data"),
      PORT: "3393",
      HOST: "127.0.0.1",
    };
    const withoutBuild = spawnSync("npm", ["start"], { cwd: checkout, env, encoding: "utf8", timeout: 60_000 });
    expect(withoutBuild.status).toBe(1);
    expect(withoutBuild.stderr).toContain(
      "There is no build to serve, and the builder is not installed (a production install).",
    );

    cpSync(path.join(root, "build"), path.join(checkout, "build"), { recursive: true });
    const server = spawn("npm", ["start"], { cwd: checkout, env, stdio: "pipe", detached: true });
    let output = "";
    server.stdout?.on("data", (chunk) => (output += chunk));
    server.stderr?.on("data", (chunk) => (output += chunk));
    try {
      await expect
        .poll(async () => (await fetch("http://127.0.0.1:3393/readyz").catch(() => null))?.status, { timeout: 150_000 })
        .toBe(200);
      const home = await fetch("http://127.0.0.1:3393/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Annapurna HoReCa Supplies");
      expect(output).toContain(
        "Serving the build in build/ (dev dependencies are not installed, so it is not rebuilt).",
      );
    } finally {
      // npm starts node: the whole group stops.
      if (server.pid) process.kill(-server.pid, "SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
