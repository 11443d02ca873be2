import http from "node:http";
import { expect, test } from "@playwright/test";

test.describe("the HTTP server", () => {
  test("reports health", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
    // Through a proxy (as the public sees it) the process's internals are not shown.
    const proxied = await request.get("/healthz", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(await proxied.json()).toEqual({ status: "ok" });
    // Ready: the database answers and holds every migration this build knows.
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", ready: true, database: "up" });
  });

  test("names every answer with its own request id (X-Request-Id), as its log lines do", async ({ request }) => {
    const ids: string[] = [];
    for (const address of [
      "/",
      "/",
      "/products?limit=1",
      "/api/products?limit=1",
      "/api/nothing-here",
      "/robots.txt",
    ]) {
      const id = (await request.get(address)).headers()["x-request-id"] ?? "";
      expect(id, address).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
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

  test("sends a finished answer whole with its length: large ones compressed, small ones as they are", async ({
    request,
  }) => {
    const large = await request.get("/api/products?limit=48", { headers: { "Accept-Encoding": "gzip" } });
    expect(large.headers()["content-encoding"]).toBe("gzip");
    expect(large.headers()["transfer-encoding"]).toBeUndefined();
    expect(Number(large.headers()["content-length"])).toBeGreaterThan(0);
    expect(((await large.json()) as { products: unknown[] }).products).toHaveLength(48);

    const small = await request.get("/api/pincodes/400703", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(small.headers()["content-encoding"]).toBeUndefined();
    expect(small.headers().vary).toContain("Accept-Encoding");
    const text = await small.text();
    expect(Number(small.headers()["content-length"])).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ pincode: "400703", state: "Maharashtra" });
  });

  test("sends a page whose parts are all ready at once in place, without placeholders to fill", async ({ request }) => {
    const browser = {
      "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
    };
    // Everything on the products page is ready a moment after its shell: no placeholders and no
    // script to move the late parts into them. (Other tests load the same server; a page held
    // up by them past the moment streams, so one of a few tries must come whole.)
    let whole = "";
    for (let i = 0; i < 5 && !whole; i++) {
      const listing = await (await request.get("/products", { headers: browser })).text();
      // Whole: the page's data for its script (a standalone page, ADR 0024) and the document's end.
      expect(listing).toContain('<script type="application/json" id="mandi-page-data">');
      expect(listing).toContain("</html>");
      if (!listing.includes('<template id="B:') && !listing.includes("$RC(")) whole = listing;
    }
    expect(whole).toContain('class="product-card"');
    // A product page's related products are deferred data, asked for with the product: they are
    // ready with it, and the page is rendered in one piece with them in place (ADR 0025).
    // Each try is another product: a page that streamed is kept, and asking for it again would
    // only send the same answer (on a busy machine a first render can miss the 10 ms).
    const sitemap = await (await request.get("/sitemaps/products-1.xml")).text();
    const products = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .slice(0, 10)
      .map((m) => new URL(m[1] ?? "").pathname);
    let page = "";
    for (const product of products) {
      if (page) break;
      const html = await (await request.get(product, { headers: browser })).text();
      expect(html).toContain("Related products");
      expect(html).toContain("</html>");
      if (!html.includes('<template id="B:') && !html.includes("$RC(")) page = html;
    }
    expect(page).toMatch(/<section aria-labelledby="related-heading" class="related">.*class="product-card"/s);
    expect(page).toContain('<script type="application/json" data-mandi-deferred="related">{"ok":true,');
  });

  test("a busy process compresses its answers with less effort, and they still arrive whole", async ({ baseURL }) => {
    type Health = { compression: { effort: string; answers: { thorough: number; quick: number } } };
    const health = async () => (await (await fetch(`${baseURL}/healthz`)).json()) as Health;
    const before = await health();
    expect(["thorough", "quick"]).toContain(before.compression.effort);
    // Twenty shoppers at once, each asking for listings nobody asked for before (so each is
    // rendered, not kept): the process works without a pause for well over a window.
    // Addresses of this run only: the same test in the other project must not find them kept.
    const run = Math.random().toString(36).slice(2, 8);
    let next = 0;
    const shopper = async () => {
      while (next < 240) {
        const response = await fetch(`${baseURL}/products?sort=priceAsc&n=${run}-${next++}`, {
          headers: { "Accept-Encoding": "br, gzip" },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-encoding")).toBe("br");
        expect(await response.text()).toContain("</html>");
      }
    };
    await Promise.all(Array.from({ length: 20 }, shopper));
    const after = await health();
    expect(after.compression.answers.quick).toBeGreaterThan(before.compression.answers.quick);
  });

  test("a listing rendered afresh takes its header, chips, footer and cards below the first screen from the cached parts, the same markup", async ({
    baseURL,
  }) => {
    type Health = { parts: { parts: number; hits: number; misses: number } };
    const health = async () => (await (await fetch(`${baseURL}/healthz`)).json()) as Health;
    // Addresses of this run only, so that each is rendered rather than sent from the cached pages.
    const run = Math.random().toString(36).slice(2, 8);
    // The page from its header to its footer's end; the footer's form holds this answer's token.
    const grid = async (n: number) => {
      const html = await (
        await fetch(`${baseURL}/products?category=dairy-and-eggs&sort=priceAsc&n=${run}-${n}`)
      ).text();
      return html
        .slice(html.indexOf('<header class="site-header">'), html.indexOf("</footer>"))
        .replace(/name="csrf" value="[\w.-]+"/, 'name="csrf" value=""');
    };
    const first = await grid(1);
    const before = await health();
    const second = await grid(2);
    const after = await health();
    expect(second).toBe(first);
    expect(first).not.toContain("<template");
    const cards = first.split('<article class="product-card">').length - 1;
    expect(cards).toBe(24);
    expect(first).toContain('<footer class="site-footer">');
    // The two cards at the top are rendered in the page (their photos' preloads); the rest are
    // kept, and so are the header, the chips and the footer. (Other tests share the process, so
    // its counts may grow by more.)
    expect(after.parts.hits - before.parts.hits).toBeGreaterThanOrEqual(cards - 2 + 3);
  });

  test("a standalone page carries its data once, as its own JSON; a page React Router runs carries React Router's", async ({
    request,
  }) => {
    // React Router's encoding of a page's data for its browser runtime is not made for a page
    // that never sends it (scripts/vite-lazy-handoff.ts, ADR 0024).
    const sitemap = await (await request.get("/sitemaps/products-1.xml")).text();
    const product = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? "").pathname;
    for (const path of ["/", "/products?category=dairy-and-eggs&sort=priceAsc", product]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<script type="application/json" id="mandi-page-data">');
      expect(html, path).not.toContain("__reactRouterContext");
      expect(html, path).toContain("</html>");
    }
    for (const path of ["/cart", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('id="mandi-page-data"');
      expect(html, path).toContain("window.__reactRouterContext.streamController.close()");
    }
  });

  test("a standalone page's header and footer are what React Router renders for them, links included", async ({
    request,
  }) => {
    // The server renders a standalone page's links with the document's own (the components the
    // browser hydrates them with), a page React Router runs with React Router's: the same
    // header and footer come out of both, but for which link is the current page's.
    const part = (html: string, tag: string) => html.slice(html.indexOf(`<${tag}`), html.indexOf(`</${tag}>`));
    const neutral = (html: string) =>
      html
        .replaceAll(' aria-current="page"', "")
        .replace(/class="([^"]*)"/g, (_, classes: string) => `class="${classes.replace(/\s*\bactive\b/, "")}"`)
        .replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value=""');
    const standalone = await (await request.get("/")).text();
    const reactRouter = await (await request.get("/cart")).text();
    expect(standalone).toContain('id="mandi-page-data"');
    expect(reactRouter).toContain("__reactRouterContext");
    for (const tag of ["header", "footer"]) {
      expect(part(standalone, tag).length, tag).toBeGreaterThan(1000);
      expect(neutral(part(standalone, tag)), tag).toBe(neutral(part(reactRouter, tag)));
    }
    // Each marks its own page's link, in the same way.
    expect(part(standalone, "header")).toContain(
      '<a aria-current="page" class="active" href="/" data-discover="true">',
    );
    expect(part(reactRouter, "header")).toContain(
      '<a aria-current="page" class="active" href="/cart" data-discover="true">',
    );
    expect(part(standalone, "header")).toContain('<a class="" href="/cart" data-discover="true">');
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

  test("a request refused before its body was read does not stall the next one on the same connection", async ({
    baseURL,
  }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(baseURL ?? "");
    const send = (body: string) =>
      new Promise<{ status: number; connection: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: "/api/orders",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection) }));
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error("no answer in 10 s: the connection stalled")));
        req.on("error", reject);
        req.end(body);
      });
    // 2 MB, refused (no anti-forgery pair) without being read; then small requests.
    const refused = await send(JSON.stringify({ filler: "x".repeat(2_000_000) }));
    expect((await send("{}")).status).toBe(403);
    expect((await send("{}")).status).toBe(403);
    // The refused one told the client not to reuse its connection: the server read 1 MB of it and no more.
    expect(refused).toEqual({ status: 403, connection: "close" });
    // Under 1 MB the rest is read before the answer, and the connection goes on serving.
    const small = await send(JSON.stringify({ filler: "x".repeat(500_000) }));
    expect(small).toEqual({ status: 403, connection: "keep-alive" });
    expect((await send("{}")).status).toBe(403);
    agent.destroy();
  });

  test("answers an address or host name it cannot read with 400 and goes on serving", async ({ baseURL }) => {
    const target = new URL(baseURL ?? "");
    const raw = (path: string, host?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: target.hostname, port: target.port, path, headers: host === undefined ? {} : { host } },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              body += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error("no answer in 10 s")));
        req.on("error", reject);
        req.end();
      });
    // Each of these stopped the whole process once: new URL threw outside any handler.
    for (const [path, host] of [
      ["/", "a b"],
      ["/products", "shop.example/elsewhere"],
      ["/", "shop.example:99999"],
    ] as const) {
      const refused = await raw(path, host);
      expect(refused.status, `${path} on ${host}`).toBe(400);
      expect(refused.body).toBe("Bad request: this address or host name cannot be read.");
    }
    // A path that starts with two slashes is a path of this host, never a page of another.
    const home = await raw("//");
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${target.origin}/"/>`);
    const elsewhere = await raw("//evil.example/products");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).not.toContain("evil.example");
    expect((await raw("/healthz")).status).toBe(200);
  });
});
