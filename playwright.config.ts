import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);

/** Browser tests run in Debian's Chromium (no browser download), at phone and desktop widths. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "phone",
      testIgnore: /process\.spec/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
    },
    {
      name: "desktop",
      testIgnore: /process\.spec/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    // Starts and stops server processes of its own; no browser.
    { name: "process", testMatch: /process\.spec/ },
  ],
  webServer: {
    command: "node tests/e2e/serve.mjs",
    url: `http://localhost:${port}/healthz`,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    reuseExistingServer: false,
    // SIGTERM lets the server drop its test database; the default would kill it outright.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
