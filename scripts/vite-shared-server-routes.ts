import type { Plugin } from "vite";
import { reactRouterRewrite } from "./react-router-rewrite.ts";

/**
 * React Router's `<ServerRouter>` builds the route tree for every page it renders: the server
 * routes from the build's manifest and modules (`createServerRoutes`), then a copy of them as
 * data routes (`createStaticRouter`, by `convertRoutesToDataRoutes`), about 25 objects each with
 * their elements. Both depend only on the build, never on the request: on a rendered listing at
 * 10 connections they were 3-4% of the server's time. This rewrites both so that the tree is
 * built once per build and shared by every render (nothing renders into it: the static router
 * only reads its routes and refuses to patch them).
 *
 * - `createServerRoutes(manifest, routeModules, future, isSpaMode)`, as `<ServerRouter>` calls
 *   it, answers the routes it built for the same manifest, the same modules (the handler makes a
 *   new object of them for each request: they are compared one by one), the same future flags and
 *   mode. Its recursive calls (which pass a parent id) build as before.
 * - `createStaticRouter(routes, context)` converts the same `routes` array once.
 *
 * The build fails if React Router's code no longer has these in this shape (an upgrade that
 * changed them): look at `createServerRoutes` and `createStaticRouter` in React Router's
 * production build and adapt the patterns.
 */
export const SERVER_ROUTES_DEFINITION = /\bfunction createServerRoutes\(manifest, routeModules, future, isSpaMode, /g;
export const STATIC_ROUTER_ROUTES =
  /let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/g;

const SHARED_HELPERS = `
const mandiServerRoutesBuilt = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...inner) {
  if (inner.length > 0) return createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ...inner);
  let built = mandiServerRoutesBuilt.get(manifest);
  let same = built !== undefined && built.future === future && built.isSpaMode === isSpaMode;
  if (same) {
    let ids = Object.keys(routeModules);
    same = ids.length === built.ids.length && ids.every((id) => routeModules[id] === built.routeModules[id]);
  }
  if (!same) {
    built = { future, isSpaMode, ids: Object.keys(routeModules), routeModules: { ...routeModules },
      routes: createServerRoutesEachTime(manifest, routeModules, future, isSpaMode) };
    mandiServerRoutesBuilt.set(manifest, built);
  }
  return built.routes;
}
const mandiDataRoutesBuilt = new WeakMap();
function mandiDataRoutes(routes) {
  let built = mandiDataRoutesBuilt.get(routes);
  if (built === undefined) {
    let manifest = {};
    built = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    mandiDataRoutesBuilt.set(routes, built);
  }
  return built;
}
`;

/** The module with both rewritten, or null when it does not hold each exactly once. */
export function shareServerRoutes(code: string): string | null {
  if ([...code.matchAll(SERVER_ROUTES_DEFINITION)].length !== 1) return null;
  if ([...code.matchAll(STATIC_ROUTER_ROUTES)].length !== 1) return null;
  return (
    code
      .replace(
        SERVER_ROUTES_DEFINITION,
        "function createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ",
      )
      .replace(STATIC_ROUTER_ROUTES, "let { manifest, dataRoutes } = mandiDataRoutes(routes);") + SHARED_HELPERS
  );
}

export function sharedServerRoutes(): Plugin {
  return reactRouterRewrite({
    name: "shared-server-routes",
    marker: "function createServerRoutes(",
    rewrite: shareServerRoutes,
    what: "React Router's server routes",
    missing: "React Router's createServerRoutes was not found: every page would build its routes again",
  });
}
