import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { antiForgery } from "./helpers/anti-forgery";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";

/**
 * Malformed requests over every route of a running server (issue 53): odd methods, bad UTF-8
 * and NUL bytes, oversized and chunked bodies, wrong content types and path tricks. Any 5xx, a
 * connection the server drops without an answer, or the process exiting fails the test.
 */

const PORT = 3297;
let server: ServerProcess;
// One server for both tests, on one port.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startServerProcess(PORT, {}, "mandi_fuzz");
});
test.afterAll(async () => server?.stop());

/** Every route of app/routes.ts, with believable and unbelievable parameters. */
const PATHS = [
  "/",
  "/products",
  "/products?q=%00",
  "/products?q=%ff%fe&min=-1&max=abc&sort=%00&page=99999999999",
  "/products/%00",
  "/products/00000000-0000-0000-0000-000000000000",
  "/products/%c0%af",
  "/collections/%ff",
  "/cart",
  "/checkout",
  "/search?q=%00",
  "/thank-you?orderId=%00",
  "/thank-you?orderId=00000000-0000-0000-0000-000000000000",
  "/account",
  "/payment-return?orderId=%00&status=CHARGED",
  "/policy/terms-of-use",
  "/policy/%00",
  "/media/%00",
  "/media/%ff%fe",
  "/media/x?w=%00",
  "/media/../../etc/passwd",
  "/api/products?limit=%00&offset=-5",
  "/api/listing?category=%00",
  "/api/search/suggestions?q=%00",
  "/api/search/suggestions?q=%ff",
  "/api/cart/quote",
  "/api/pincodes/%00",
  "/api/pincodes/400001",
  "/api/orders",
  "/api/orders/%00",
  "/api/orders/00000000-0000-0000-0000-000000000000",
  "/api/payments/return",
  "/api/payments/webhook",
  "/api/account/code",
  "/api/account/session",
  "/api/account/profile",
  "/api/account/orders",
  "/api/account/orders/%00",
  "/api/account/reorder",
  "/api/dev/sms-outbox?phone=%00",
  "/api/newsletter",
  "/quick-order",
  "/quotes/not-a-quote",
  "/quotes/00000000-0000-0000-0000-000000000000?key=%ff",
  "/api/quick-order",
  "/api/quotes",
  "/api/account/lists",
  "/api/account/lists/not-a-list",
  "/api/account/lists/00000000-0000-0000-0000-000000000000/items",
  "/api/account/lists/not-a-list/cart",
  "/api/openapi.json",
  "/api/pincodes/nearest?lat=%00&lng=1e999",
  "/api/pincodes/nearest?lat=19.077&lng=73",
  "/api/nothing-here",
  "/create-store",
  "/readyz",
  "/updates",
  "/media/demo/banner-dairy.svg?w=160&crop=%00",
  "/media/demo/banner-dairy.svg?crop=centre",
  "/admin/quotes?show=%00",
  "/admin/quotes/not-a-quote",
  "/sandbox/pay/%00",
  "/sandbox/pay/ordeh_unknown",
  "/sitemap.xml",
  "/sitemaps/%00",
  "/sitemaps/products-99999999999999999999.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/icons/%00",
  "/not-found",
  "//",
  "//attacker.example/x",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/products/.data",
  "/products.data?_routes=%00",
  "/products.data?_routes=routes%2Fproduct",
  "/thank-you.data",
  `/${"a".repeat(6000)}`,
];

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/octet-stream",
  "",
];

/** Bodies to send: broken JSON, bad UTF-8, NUL bytes, a form, a large body (sent chunked). */
const BODIES: Array<Buffer> = [
  Buffer.from(""),
  Buffer.from("{"),
  Buffer.from('{"lines":[{"productId":"\\u0000","qty":1}]}'),
  Buffer.from('{"email":"a\\u0000@b.in","phone":"98200\\u000012345"}'),
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc0, 0xaf]),
  Buffer.from("choice=refund&orderId=%00&csrf=x"),
  Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\0\r\n'),
  Buffer.from("x".repeat(70_000)),
  Buffer.from("[]"),
  Buffer.from("null"),
];

/** A small seeded generator, so a failure names a request that happens again. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state % n;
  };
}

interface Answer {
  status: number | null;
  error?: string;
}

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | null,
  chunked: boolean,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, method, path, headers, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? null }));
      res.on("error", (error) => resolve({ status: res.statusCode ?? null, error: error.message }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => resolve({ status: null, error: error.message }));
    if (body && body.length > 0 && method !== "GET" && method !== "HEAD") {
      if (chunked) {
        // Two pieces, so the server reads a chunked body it cannot size in advance.
        const half = Math.floor(body.length / 2);
        req.write(body.subarray(0, half));
        req.end(body.subarray(half));
        return;
      }
      req.setHeader("Content-Length", String(body.length));
      req.end(body);
      return;
    }
    req.end();
  });
}

test("hundreds of malformed requests over every route: no 5xx, and the server keeps serving", async () => {
  test.setTimeout(240_000);
  const pair = await antiForgery(server.url);
  const next = generator(53);
  const failures: string[] = [];
  const total = 400;
  for (let i = 0; i < total; i++) {
    const method = METHODS[next(METHODS.length)] ?? "GET";
    // The first pass asks every path once with each kind of body; then at random.
    const path = PATHS[i < PATHS.length ? i : next(PATHS.length)] ?? "/";
    const body = BODIES[next(BODIES.length)] ?? null;
    const type = CONTENT_TYPES[next(CONTENT_TYPES.length)] ?? "";
    const chunked = next(2) === 0;
    const headers: Record<string, string> = {};
    if (type) headers["Content-Type"] = type;
    // Half the requests carry a good anti-forgery pair, so they reach the code behind it.
    if (next(2) === 0) {
      headers.Cookie = pair.Cookie ?? "";
      headers["X-CSRF-Token"] = pair["X-CSRF-Token"] ?? "";
      headers["X-Requested-With"] = "XMLHttpRequest";
    }
    if (next(8) === 0) headers.Cookie = "mandi_session=%00%ff; mandi_orders=%00.~..; mandi_csrf=%c0";
    if (next(10) === 0) headers.Origin = "null";
    const answer = await send(method, path, headers, body, chunked);
    const what = `${method} ${path.slice(0, 80)} (${type || "no type"}, ${body?.length ?? 0} bytes${chunked ? ", chunked" : ""})`;
    if (answer.status === null) failures.push(`${what}: no answer (${answer.error})`);
    else if (answer.status >= 500) failures.push(`${what}: ${answer.status}`);
  }
  // Still serving, and never restarted in between.
  const health = await fetch(`${server.url}/healthz`).catch(() => null);
  expect(health?.status, `the server stopped:\n${server.output().slice(-3000)}`).toBe(200);
  expect(server.output()).not.toContain("TypeError");
  expect(failures).toEqual([]);
});

test("a chunked JSON body over the limit is refused with 413, and the server goes on serving", async () => {
  const pair = await antiForgery(server.url);
  for (const path of ["/api/cart/quote", "/api/orders", "/api/account/code", "/api/payments/webhook"]) {
    for (let i = 0; i < 5; i++) {
      const answer = await send(
        "POST",
        path,
        { ...pair, "Idempotency-Key": `fuzz-${i}-${"k".repeat(24)}` },
        Buffer.from("x".repeat(70_000 + 30 * 1024 * 1024 * (path.includes("webhook") && i < 3 ? 1 : 0))),
        true,
      );
      expect([401, 403, 404, 413], `${path}: ${answer.status} ${answer.error ?? ""}`).toContain(answer.status);
    }
  }
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
