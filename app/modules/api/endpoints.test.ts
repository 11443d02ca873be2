import { describe, expect, test } from "vitest";
import routes from "../../routes";
import { API_ENDPOINTS, allowedMethods, apiRefusal, matchEndpoint } from "./endpoints";

/** The API addresses app/routes.ts serves, in OpenAPI's `{name}` form. */
function routedApiPaths(): string[] {
  const paths: string[] = [];
  const visit = (entries: ReadonlyArray<{ path?: string; children?: unknown }>) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("api/")) paths.push(`/${entry.path.replace(/:(\w+)/g, "{$1}")}`);
      if (Array.isArray(entry.children)) visit(entry.children);
    }
  };
  visit(routes);
  return paths.sort();
}

describe("the API's endpoints", () => {
  test("are exactly the API routes app/routes.ts serves", () => {
    expect(Object.keys(API_ENDPOINTS).sort()).toEqual(routedApiPaths());
  });

  test("an address names its endpoint, a parameter one segment", () => {
    expect(matchEndpoint("/api/orders")).toBe("/api/orders");
    expect(matchEndpoint("/api/orders/4f50-97")).toBe("/api/orders/{id}");
    expect(matchEndpoint("/api/orders/4f50/invoice")).toBe("/api/orders/{id}/invoice");
    expect(matchEndpoint("/api/orders/4f50/invoice/x")).toBeNull();
    expect(matchEndpoint("/api/orders/")).toBeNull();
    expect(matchEndpoint("/api/openapi.json")).toBe("/api/openapi.json");
    expect(matchEndpoint("/api/pincodes/nearest")).toBe("/api/pincodes/nearest");
    expect(matchEndpoint("/api/pincodes/400703")).toBe("/api/pincodes/{pincode}");
    expect(matchEndpoint("/api/openapiXjson")).toBeNull();
    expect(matchEndpoint("/api/nothing")).toBeNull();
  });

  test("HEAD comes with GET", () => {
    expect(allowedMethods("/api/account/lists/{id}")).toEqual(["GET", "PUT", "DELETE", "HEAD"]);
    expect(allowedMethods("/api/orders")).toEqual(["POST"]);
  });

  test("an unknown path is a 404, a wrong method a 405 naming the right ones, OPTIONS the Allow", () => {
    expect(apiRefusal("GET", "/api/nothing")).toEqual({
      status: 404,
      error: "There is no API endpoint at /api/nothing. The API is described at /api/openapi.json.",
    });
    expect(apiRefusal("GET", "/api/orders")).toEqual({
      status: 405,
      error: "/api/orders answers POST, not GET.",
      allow: "POST, OPTIONS",
    });
    expect(apiRefusal("PATCH", "/api/account/session")).toEqual({
      status: 405,
      error: "/api/account/session answers GET, POST, DELETE or HEAD, not PATCH.",
      allow: "GET, POST, DELETE, HEAD, OPTIONS",
    });
    expect(apiRefusal("OPTIONS", "/api/account/profile")).toEqual({ status: 204, allow: "GET, PUT, HEAD, OPTIONS" });
    expect(apiRefusal("POST", "/api/orders")).toBeNull();
    expect(apiRefusal("HEAD", "/api/products")).toBeNull();
  });
});
