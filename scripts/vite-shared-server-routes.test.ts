import { describe, expect, it } from "vitest";
import { reactRouterSources } from "./react-router-rewrite";
import { shareServerRoutes } from "./vite-shared-server-routes";

/** A module in the shape of React Router's: both functions, each building new objects every call. */
const MODULE = `
let built = { server: 0, data: 0 };
const mapRouteProperties = (route) => ({ element: "<" + route.id + ">" });
function convertRoutesToDataRoutes(routes, map, parentPath = [], manifest = {}) {
  built.data++;
  return routes.map((route) => { let copy = { ...route, ...map(route) }; manifest[route.id] = copy; return copy; });
}
function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "", depth = 0) {
  built.server++;
  let routes = Object.values(manifest).filter((r) => (r.parentId ?? "") === parentId)
    .map((r) => ({ id: r.id, module: routeModules[r.id], future, isSpaMode }));
  return depth === 0 ? routes.concat(createServerRoutes(manifest, routeModules, future, isSpaMode, "root", 1)) : routes;
}
function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );
  return { routes: dataRoutes, matches: context.matches.map((id) => manifest[id]) };
}
`;

function load(code: string) {
  return new Function(`${code}; return { createServerRoutes, createStaticRouter, built };`)() as {
    createServerRoutes: (manifest: object, modules: object, future: object, spa: boolean) => unknown[];
    createStaticRouter: (
      routes: unknown[],
      context: { matches: string[] },
    ) => { routes: unknown[]; matches: unknown[] };
    built: { server: number; data: number };
  };
}

describe("React Router's server routes, built once per build", () => {
  it("finds both functions once in the installed React Router's production build", () => {
    const holders = reactRouterSources().filter(({ code }) => code.includes("function createServerRoutes("));
    expect(holders).toHaveLength(1);
    const shared = shareServerRoutes(holders[0]?.code ?? "");
    expect(shared).not.toBeNull();
    expect(shared).toContain("function createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ");
    expect(shared).toContain("let { manifest, dataRoutes } = mandiDataRoutes(routes);");
  });

  it("answers the same routes for the same build, and builds again when a module is another", () => {
    const shared = shareServerRoutes(MODULE);
    expect(shared).not.toBeNull();
    const { createServerRoutes, createStaticRouter, built } = load(shared ?? "");
    const manifest = { root: { id: "root" }, home: { id: "home", parentId: "root" } };
    const future = {};
    const home = { default: "Home" };
    const modules = { root: {}, home };
    const a = createServerRoutes(manifest, modules, future, false);
    // The handler makes a new object of the same modules for every request.
    const b = createServerRoutes(manifest, { ...modules }, future, false);
    expect(b).toBe(a);
    // Once, with its inner call for the root's children.
    expect(built.server).toBe(2);
    expect(b).toEqual([
      { id: "root", module: modules.root, future, isSpaMode: false },
      { id: "home", module: home, future, isSpaMode: false },
    ]);
    expect(createServerRoutes(manifest, { ...modules, home: { default: "New home" } }, future, false)).not.toBe(a);
    expect(createServerRoutes(manifest, modules, {}, false)).not.toBe(a);
    expect(createServerRoutes(manifest, modules, future, true)).not.toBe(a);

    const router = createStaticRouter(a, { matches: ["root", "home"] });
    const next = createStaticRouter(a, { matches: ["root"] });
    expect(built.data).toBe(1);
    expect(next.routes).toBe(router.routes);
    expect(router.matches).toEqual([
      { id: "root", module: modules.root, future, isSpaMode: false, element: "<root>" },
      { id: "home", module: home, future, isSpaMode: false, element: "<home>" },
    ]);
    expect(next.matches).toHaveLength(1);
    createStaticRouter([...a], { matches: [] });
    expect(built.data).toBe(2);
  });

  it("refuses code that does not hold both in the expected shape", () => {
    expect(shareServerRoutes(MODULE.replace("let manifest = {};", "const manifest = {};"))).toBeNull();
    expect(shareServerRoutes(MODULE.replace("function createServerRoutes(", "function makeRoutes("))).toBeNull();
  });
});
