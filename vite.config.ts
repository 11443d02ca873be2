import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin as PostcssPlugin } from "postcss";
import { defineConfig } from "vite";
import { RUPEE_SIGN, withoutCodePoint } from "./app/styles/fonts/unicode-range.ts";
import { REACT_ROUTER_PRODUCTION } from "./scripts/react-router-rewrite.ts";
import { inlineScript } from "./scripts/vite-inline-script.ts";
import { lazyHandoffStream } from "./scripts/vite-lazy-handoff.ts";
import { routeIndex } from "./scripts/vite-route-index.ts";
import { sharedServerRoutes } from "./scripts/vite-shared-server-routes.ts";
import { standaloneEntries } from "./scripts/vite-standalone-entry.ts";

/**
 * The store fonts' faces leave the rupee sign to the system font, so a price does not make every
 * page fetch a font file for one glyph (app/styles/fonts/unicode-range.ts, ADR 0013). Vite runs
 * this after inlining the @fontsource stylesheets.
 */
const rupeeFromSystemFont: PostcssPlugin = {
  postcssPlugin: "mandi-rupee-from-system-font",
  AtRule: {
    "font-face": (rule) => {
      rule.walkDecls("unicode-range", (decl) => {
        const value = withoutCodePoint(decl.value, RUPEE_SIGN);
        if (value === "") rule.remove();
        else decl.value = value;
      });
    },
  },
};

// The server build's entry is our own node:http application (server/app.ts), which
// imports React Router's virtual server build; see docs/decisions/0001-server-bundle-owns-the-process.md.
//
// React Router's package exports only its development build to Node and to bundlers; the
// production build (no dev-time warnings or checks) sits beside it. Built output uses it, in
// the browser and on the server, and the server bundles React Router so that it and
// @react-router/node share that one copy (docs/decisions/0005-speed.md).
export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    tsconfigPaths: true,
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: path.join(REACT_ROUTER_PRODUCTION, "index.mjs") },
            { find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_PRODUCTION, "dom-export.mjs") },
          ]
        : [],
  },
  ssr: command === "build" ? { noExternal: ["react-router", "@react-router/node"] } : undefined,
  css: { postcss: { plugins: [rupeeFromSystemFont] } },
  build: {
    // Font files stay files (cached once, fetched only for the scripts a page uses), never
    // base64 inside the stylesheets.
    assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // React, React DOM and the scheduler in one chunk: two entries (React Router's and the
    // standalone pages', ADR 0024) share them, and apart they cost 0.9 KB more gzipped a page.
    // The store's own modules that three or more entries share (the shell, the cart, the card,
    // the standalone runtime) in another: split by which entries use them, they were 16 chunks
    // of 0.1-6 KB, and a phone spent a millisecond on each preload and module (ADR 0036).
    // React Router reads this option's `output` in place of its own, whose names these are.
    rollupOptions: isSsrBuild
      ? undefined
      : {
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                {
                  name: "storefront",
                  // Not the console's components: a group takes its modules' imports with it,
                  // and one shared by three console pages brought React Router's runtime into
                  // the chunk every standalone store page loads.
                  // Nor the forms' zod schemas (`schema.ts`): three pages share the checkout's, and
                  // in this group it brought zod into every standalone store page (issue 60).
                  test: (id: string) =>
                    !id.includes("node_modules") &&
                    !/[\\/]components[\\/]console[\\/]/.test(id) &&
                    !/[\\/]modules[\\/][a-z-]+[\\/]schema\.ts$/.test(id),
                  minShareCount: 3,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  plugins: [
    inlineScript(),
    lazyHandoffStream(),
    sharedServerRoutes(),
    routeIndex(),
    reactRouter(),
    standaloneEntries({
      home: "app/standalone/home.client.tsx",
      product: "app/standalone/product.client.tsx",
      products: "app/standalone/products.client.tsx",
    }),
  ],
}));
