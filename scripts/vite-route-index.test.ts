import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteObject } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import appRoutes from "../app/routes";
import { REACT_ROUTER_PRODUCTION, reactRouterSources } from "./react-router-rewrite";
import { indexRouteBranches } from "./vite-route-index";

type Matching = { createStaticHandler: typeof import("react-router").createStaticHandler };

/** React Router's module that matches routes, as installed and rewritten, loaded side by side. */
const source = reactRouterSources().filter(({ code }) => code.includes("function matchRoutesImpl("));
const holder = source.find(({ file }) => file.startsWith("chunk-"));
// Next to the original, so that its imports resolve as the original's do.
const rewrittenFile = path.join(REACT_ROUTER_PRODUCTION, `mandi-route-index-test-${process.pid}.mjs`);
afterAll(() => rmSync(rewrittenFile, { force: true }));

async function modules(): Promise<{ original: Matching; rewritten: Matching }> {
  const rewritten = indexRouteBranches(holder?.code ?? "");
  if (rewritten === null) throw new Error("the rewrite did not apply");
  writeFileSync(rewrittenFile, rewritten);
  return {
    original: (await import(pathToFileURL(path.join(REACT_ROUTER_PRODUCTION, holder?.file ?? "")).href)) as Matching,
    rewritten: (await import(pathToFileURL(rewrittenFile).href)) as Matching,
  };
}

/** The app's route table (app/routes.ts) under its root, as the server build makes it. */
function fromConfig(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file;
    const children = entry.children ? fromConfig(entry.children) : undefined;
    return entry.index ? { id, index: true } : { id, path: entry.path, caseSensitive: entry.caseSensitive, children };
  });
}

/** Which routes an address matches, with their params, as a request's handler finds them. */
async function matched(handler: ReturnType<Matching["createStaticHandler"]>, address: string) {
  const context = await handler.query(new Request(`http://shop.test${address}`));
  if (context instanceof Response) return `response ${context.status}`;
  return context.matches.map((m) => `${m.route.id} ${m.pathname} ${JSON.stringify(m.params)}`);
}

const ADDRESSES = [
  "/",
  "/products",
  "/PRODUCTS",
  "/products/",
  "/products//",
  "/products/amul-butter-500-g",
  "/Products/Amul%20Butter",
  "/products/a%2Fb",
  "/productsx",
  "/product",
  "//products",
  "/policy/privacy-policy",
  "/policy",
  "/api/search/suggestions",
  "/api/account/orders/42",
  "/api/nothing",
  "/sitemap.xml",
  "/sitemapsxml",
  "/sitemaps/products-1.xml",
  "/media/demo/p/amul.svg",
  "/Media/x",
  "/icons/192.png",
  "/unknown/deep/path",
  "/%E0%A4%AA",
  "/ſandbox/pay/1",
  "/sandbox/pay/1",
  "/about",
  "/en/about",
  "/Admin",
  "/admin",
  "/team/7/edit",
  "/files/a/b",
];

describe("React Router's route matching, tried only on the branches an address's first segment allows", () => {
  it("finds the scan once in the installed React Router's production build", () => {
    expect(holder).toBeDefined();
    const rewritten = indexRouteBranches(holder?.code ?? "");
    expect(rewritten).toContain(
      "if (precomputedBranches && !allowPartial) branches = mandiBranchesFor(precomputedBranches, decoded);",
    );
    expect(indexRouteBranches("function matchRoutesImpl() {}")).toBeNull();
  });

  it("matches every address as React Router does, for the app's routes and for routes of every kind", async () => {
    const { original, rewritten } = await modules();
    const app: RouteObject[] = [{ id: "root", path: "", children: fromConfig(appRoutes) }];
    const kinds: RouteObject[] = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "about", path: ":lang?/about" },
          { id: "admin", path: "Admin", caseSensitive: true },
          { id: "admin-any-case", path: "admin" },
          { id: "team", path: "team/:id", children: [{ id: "team-edit", path: "edit" }] },
          { id: "layout", children: [{ id: "files", path: "files/*" }] },
          { id: "param-first", path: ":section" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    for (const routes of [app, kinds]) {
      const before = original.createStaticHandler(routes);
      const after = rewritten.createStaticHandler(routes);
      for (const address of ADDRESSES) {
        expect(await matched(after, address), address).toEqual(await matched(before, address));
      }
    }
  });
});
