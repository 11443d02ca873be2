import { expect, test } from "@playwright/test";
import { API_ENDPOINTS, type ApiMethod } from "../../app/modules/api/endpoints";

/**
 * The Store API's addresses against the running server (issue 60): every endpoint the table
 * (and so the OpenAPI document) names answers its methods and refuses the others with a JSON
 * 405 and Allow; an unknown path is a JSON 404; the document is served.
 */

const ALL: ApiMethod[] = ["GET", "POST", "PUT", "DELETE"];
const SAMPLE: Record<string, string> = { id: "00000000-0000-4000-8000-000000000000", pincode: "400703" };
const addressOf = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? "x");

test.skip(({ isMobile }) => isMobile, "the API answers alike whatever the screen");

test("every endpoint answers its methods, and a wrong one with a JSON 405 naming them in Allow", async ({
  request,
}) => {
  for (const [path, methods] of Object.entries(API_ENDPOINTS)) {
    const address = addressOf(path);
    const allowed: readonly ApiMethod[] = methods;
    for (const method of ALL) {
      const response = await request.fetch(address, { method, maxRedirects: 0 });
      const where = `${method} ${address}: ${response.status()}`;
      if (allowed.includes(method)) {
        expect(response.status(), where).not.toBe(405);
        expect(response.status(), where).toBeLessThan(500);
        if (response.status() === 404) {
          expect(((await response.json()) as { error: string }).error, where).not.toMatch(/no API endpoint/);
        }
      } else {
        expect(response.status(), where).toBe(405);
        expect(response.headers().allow, where).toBe(
          [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", "),
        );
        expect(response.headers()["content-type"], where).toMatch(/^application\/json/);
        expect(await response.json(), where).toEqual({ error: expect.stringContaining(`not ${method}`) });
      }
    }
  }
});

test("an unknown address under /api is a JSON 404, OPTIONS tells the methods, errors are one shape", async ({
  request,
}) => {
  for (const address of ["/api", "/api/nothing-here", "/api/orders/", "/api/products/extra"]) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(404);
    expect(response.headers()["content-type"], address).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: `There is no API endpoint at ${address}. The API is described at /api/openapi.json.`,
    });
  }
  const options = await request.fetch("/api/account/lists/abc", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers().allow).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
  // A method the store never answers is refused in the same JSON shape under /api.
  const odd = await request.fetch("/api/products", { method: "PATCH" });
  expect(odd.status()).toBe(405);
  expect(await odd.json()).toEqual({ error: "/api/products answers GET or HEAD, not PATCH." });
  // Outside /api a page's 404 is still a page.
  expect((await request.get("/nothing-here")).headers()["content-type"]).toMatch(/^text\/html/);
});

test("the OpenAPI document is served as JSON and names the endpoints", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/orders");
  expect(Object.keys(document.paths)).not.toContain("/api/dev/sms-outbox");
});
