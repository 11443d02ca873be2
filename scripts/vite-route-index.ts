import type { Plugin } from "vite";
import { reactRouterRewrite } from "./react-router-rewrite.ts";

/**
 * React Router finds a request's routes by trying the app's route branches one by one, best
 * ranked first, each with its regular expressions and a match object for its root, until one
 * matches (`matchRoutesImpl`). The app has 41 routes, and most of them (`/api/...`, the policy
 * pages, the sitemaps) rank above `/products`, so every listing tried about forty branches, three
 * times a rendered page (the handler's `matchServerRoutes`, the static handler's `query` and the
 * static router that renders it): 2-3% of the server's time on rendered listings (ADR 0050).
 *
 * This rewrites the loop to try only the branches that can match the address's first segment.
 * A branch whose path starts with a literal segment (`products`, `api`, `sitemap.xml`) can only
 * match an address whose first segment is that word: its expression is anchored at `^/word` and
 * followed by a slash or the end. Every other branch (the index, a `:param` or `*` first, or a
 * case-sensitive route) is kept for every address. The branches tried are the same ones in the
 * same order, less those that could not match, so the first match is the same.
 *
 * Only calls given precomputed branches use it (all three of the server's); a call that
 * flattens its routes itself, or asks for partial matches (route discovery), scans as before.
 * The build fails if React Router's loop is no longer in this shape.
 */
export const BRANCH_SCAN =
  /let branches = precomputedBranches \?\? flattenAndRankRoutes\(routes\);(\s*)let matches = null;\s*let decoded = decodePath\(pathname\);/g;

const INDEX_HELPERS = `
const mandiBranchIndexes = new WeakMap();
function mandiFirstLiteral(branch) {
  if (branch.routesMeta.some((meta) => meta.caseSensitive)) return null;
  let first = branch.path.split("/").find((segment) => segment !== "");
  return first !== undefined && /^[\\w.-]+$/.test(first) ? first.toLowerCase() : null;
}
function mandiBranchesFor(branches, pathname) {
  let index = mandiBranchIndexes.get(branches);
  if (index === undefined || index.length !== branches.length) {
    let firsts = branches.map(mandiFirstLiteral);
    let byFirst = new Map();
    for (let first of firsts) {
      if (first !== null && !byFirst.has(first)) {
        byFirst.set(first, branches.filter((_, i) => firsts[i] === null || firsts[i] === first));
      }
    }
    index = { length: branches.length, byFirst, rest: branches.filter((_, i) => firsts[i] === null) };
    mandiBranchIndexes.set(branches, index);
  }
  let first = pathname.startsWith("/") ? pathname.slice(1).split("/", 1)[0] : "";
  return (first && index.byFirst.get(first.toLowerCase())) || index.rest;
}
`;

/** The module with its branch scan rewritten, or null when it does not hold it exactly once. */
export function indexRouteBranches(code: string): string | null {
  if ([...code.matchAll(BRANCH_SCAN)].length !== 1) return null;
  return (
    code.replace(
      BRANCH_SCAN,
      (scan, space: string) =>
        `${scan}${space}if (precomputedBranches && !allowPartial) branches = mandiBranchesFor(precomputedBranches, decoded);`,
    ) + INDEX_HELPERS
  );
}

export function routeIndex(): Plugin {
  return reactRouterRewrite({
    name: "route-index",
    marker: "function matchRoutesImpl(",
    rewrite: indexRouteBranches,
    what: "React Router's route matching",
    missing: "React Router's matchRoutesImpl was not found: every request would try every route",
  });
}
