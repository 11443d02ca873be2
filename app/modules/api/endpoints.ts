/**
 * Every address of the Store API under /api and the methods each answers: the one list the
 * HTTP server answers unknown paths (404) and wrong methods (405 with Allow) from, and the
 * OpenAPI document (`openapi.server.ts`) describes. A test holds it equal to `app/routes.ts`.
 * Paths use OpenAPI's `{name}` for a parameter.
 */
export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

export const API_ENDPOINTS = {
  "/api/openapi.json": ["GET"],
  "/api/products": ["GET"],
  "/api/listing": ["GET"],
  "/api/search/suggestions": ["GET"],
  "/api/cart/quote": ["POST"],
  "/api/quick-order": ["POST"],
  "/api/quotes": ["POST"],
  // Before {pincode}: an address is matched by the first path it fits.
  "/api/pincodes/nearest": ["GET"],
  "/api/pincodes/{pincode}": ["GET"],
  "/api/orders": ["POST"],
  "/api/orders/{id}": ["GET"],
  "/api/orders/{id}/invoice": ["GET"],
  "/api/payments/return": ["POST"],
  "/api/payments/webhook": ["POST"],
  "/api/newsletter": ["POST"],
  "/api/account/code": ["POST"],
  "/api/account/session": ["GET", "POST", "DELETE"],
  "/api/account/profile": ["GET", "PUT"],
  "/api/account/orders": ["GET"],
  "/api/account/orders/{id}": ["GET"],
  "/api/account/reorder": ["POST"],
  "/api/account/lists": ["GET", "POST"],
  "/api/account/lists/{id}": ["GET", "PUT", "DELETE"],
  "/api/account/lists/{id}/items": ["POST"],
  "/api/account/lists/{id}/cart": ["POST"],
  "/api/account/messages": ["PUT"],
  // Development conveniences, answered on this machine only; left out of the document.
  "/api/dev/sms-outbox": ["GET"],
  "/api/dev/sandbox-refund": ["POST"],
} as const satisfies Record<string, readonly ApiMethod[]>;

export type ApiPath = keyof typeof API_ENDPOINTS;

/** Addresses that are not part of the public API: the document leaves them out. */
export const INTERNAL_PATHS: readonly ApiPath[] = ["/api/dev/sms-outbox", "/api/dev/sandbox-refund"];

const matchers = Object.keys(API_ENDPOINTS).map((path) => ({
  path: path as ApiPath,
  // A parameter is one segment: any characters but "/".
  pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[a-zA-Z]+\}/g, "[^/]+")}$`),
}));

/** The endpoint an address names, or null when the API has none there. A trailing "/" is not the same address. */
export function matchEndpoint(pathname: string): ApiPath | null {
  return matchers.find((m) => m.pattern.test(pathname))?.path ?? null;
}

/** The methods an endpoint answers, HEAD with GET as HTTP says. */
export function allowedMethods(path: ApiPath): string[] {
  const methods: readonly ApiMethod[] = API_ENDPOINTS[path];
  return methods.includes("GET") ? [...methods, "HEAD"] : [...methods];
}

/**
 * What the API answers before any route runs: null when the route should answer; else the
 * status, the error message and the Allow header. OPTIONS is answered with the endpoint's Allow.
 */
export function apiRefusal(
  method: string,
  pathname: string,
): { status: 404 | 405; error: string; allow?: string } | { status: 204; allow: string } | null {
  const path = matchEndpoint(pathname);
  if (!path)
    return {
      status: 404,
      error: `There is no API endpoint at ${pathname}. The API is described at /api/openapi.json.`,
    };
  const allowed = allowedMethods(path);
  const allow = [...allowed, "OPTIONS"].join(", ");
  if (method === "OPTIONS") return { status: 204, allow };
  if (allowed.includes(method)) return null;
  return { status: 405, error: `${pathname} answers ${listOf(allowed)}, not ${method}.`, allow };
}

function listOf(methods: string[]): string {
  return methods.length <= 1 ? (methods[0] ?? "") : `${methods.slice(0, -1).join(", ")} or ${methods.at(-1)}`;
}
