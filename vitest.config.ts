import { defineConfig } from "vitest/config";
import { inlineScript } from "./scripts/vite-inline-script.ts";

export default defineConfig({
  plugins: [inlineScript()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/db/**/*.test.ts",
      "tests/http/**/*.test.ts",
      "tests/deploy/**/*.test.ts",
    ],
    globalSetup: ["tests/db/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
