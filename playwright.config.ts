import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);

// On PostgreSQL the journeys run at the desktop width only: what the database changes is the
// same at any width, and the phone's layout is checked on PGlite (ADR 0075). E2E_PHONE=1 adds it.
const phone = !process.env.DATABASE_URL || process.env.E2E_PHONE === "1";

/** Browser tests run in Debian's Chromium (no browser download), at phone and desktop widths. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  reporter: "list",
  // A journey loads 5 to 12 pages, each hydrated in Chromium on a 2-core machine that also runs the
  // server and a second worker: 8-20 s alone on a slow day, and it passed 30 s under the suite's
  // full load in CI (checkout, the payment journeys). This is the budget for the whole journey;
  // tests that start server processes set more.
  timeout: 60_000,
  // What a page does once its scripts run waits for hydration, which took more than 5 s now and
  // then under CI's full load (the payment return's message, the Filters button). An assertion
  // that holds passes as soon as it does; only a failing one waits the whole 10 s.
  expect: { timeout: 10_000 },
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
    ...(phone
      ? [
          {
            name: "phone",
            testIgnore: /process\.spec/,
            use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
          },
        ]
      : []),
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
