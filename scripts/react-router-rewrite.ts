import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** React Router's production build, which the app's build uses (vite.config.ts). */
export const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve("react-router/package.json")),
  "dist/production",
);

/** The modules of the installed React Router's production build, for tests of the rewrites below. */
export function reactRouterSources(): { file: string; code: string }[] {
  return readdirSync(REACT_ROUTER_PRODUCTION)
    .filter((name) => name.endsWith(".mjs"))
    .map((name) => ({ file: name, code: readFileSync(path.join(REACT_ROUTER_PRODUCTION, name), "utf8") }));
}

export interface ReactRouterRewrite {
  /** The plugin's name, after "mandi:". */
  name: string;
  /** Text that only the module to rewrite holds. */
  marker: string;
  /** That module rewritten, or null when it is not in the shape the rewrite expects. */
  rewrite: (code: string) => string | null;
  /** What the module is, for the build's error when it is not in that shape. */
  what: string;
  /** What would be lost, for the build's error when no module holds the marker. */
  missing: string;
}

/**
 * A rewrite of React Router's server code at build time (vite-lazy-handoff.ts,
 * vite-shared-server-routes.ts). Only the server build bundles that code. The build fails when
 * the module is not in the expected shape or is nowhere (an upgrade that changed it), rather
 * than going on without the rewrite.
 */
export function reactRouterRewrite({ name, marker, rewrite, what, missing }: ReactRouterRewrite): Plugin {
  let rewritten = 0;
  return {
    name: `mandi:${name}`,
    apply: "build",
    buildStart() {
      rewritten = 0;
    },
    transform(code, id) {
      if (this.environment?.name !== "ssr") return null;
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id) || !code.includes(marker)) return null;
      const changed = rewrite(code);
      if (changed === null) this.error(`${id}: ${what} is not in the expected shape`);
      rewritten++;
      return { code: changed, map: null };
    },
    buildEnd(error) {
      if (!error && this.environment?.name === "ssr" && rewritten === 0) this.error(missing);
    },
  };
}
