import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/db/**/*.test.ts",
      "tests/http/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
