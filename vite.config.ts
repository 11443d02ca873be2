import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The server build's entry is our own node:http application (server/app.ts), which
// imports React Router's virtual server build; see docs/decisions/0001-stack.md.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [reactRouter()],
}));
