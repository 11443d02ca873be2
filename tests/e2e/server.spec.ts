import { expect, test } from "@playwright/test";

test.describe("the HTTP server", () => {
  test("reports health", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  test("sets security headers and a script nonce on pages, and compresses them", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-encoding"]).toBe("br");
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  test("caches hashed assets for a year and revalidates them by ETag", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? "");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const etag = response.headers().etag ?? "";
    const again = await request.get(asset ?? "", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  });

  test("serves product images from the database", async ({ request }) => {
    const response = await request.get("/media/demo/logo.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml");
    expect((await request.get("/media/demo/nothing.svg")).status()).toBe(404);
  });
});
