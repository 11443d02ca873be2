import { expect, test } from "@playwright/test";
import { uniquePhone } from "./helpers/account";
import { antiForgery } from "./helpers/anti-forgery";
import { placeApiOrder } from "./helpers/api-order";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";

/**
 * What the person who runs the store watches (issue 61): Prometheus metrics, on the store's port
 * to a scraper with the token and on a port of their own, moving as orders come in; and logs in
 * which a shopper's phone shows only its last 4 digits, and no code or token shows at all.
 */

test.describe.configure({ mode: "serial" });

const TOKEN = "metrics-token-for-the-operations-test";
const METRICS_PORT = 3362;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startServerProcess(3361, {
    LOG_LEVEL: "info",
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: String(METRICS_PORT),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Samples of a Prometheus text scrape: "name{labels}" to value. */
function parseScrape(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`not a sample line: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

async function scrape(url: string, token: string | null = TOKEN): Promise<Map<string, number>> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return parseScrape(await response.text());
}

/** The values of the cookies an answer sets that are long enough to be secrets. */
function cookieSecrets(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((cookie) => decodeURIComponent(cookie.split(";")[0]?.split("=").slice(1).join("=") ?? ""))
    .filter((value) => value.length >= 16);
}

async function placeOrder(
  url: string,
  phone: string,
): Promise<{ orderNumber: string; orderId: string; secrets: string[] }> {
  const placed = await placeApiOrder(url, { phone, fullName: "Metrics Test" });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as { orderNumber: string; orderId: string };
  return { ...order, secrets: cookieSecrets(placed) };
}

test("metrics are read with the token, or on their own port, and count an order", async () => {
  const metricsUrl = `${server.url}/metrics`;
  // Without the token, or with a wrong one, there are none to be seen, even from this machine.
  expect((await fetch(metricsUrl)).status).toBe(404);
  expect((await fetch(metricsUrl, { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);

  await fetch(`${server.url}/`);
  const before = await scrape(metricsUrl);
  const placedCod = 'mandi_orders_placed_total{payment_method="COD"}';
  const ordersRoute = 'mandi_http_requests_total{method="POST",route="/api/orders",status="201"}';
  const ordersTimes = 'mandi_http_request_duration_seconds_count{method="GET",route="/products/:id"}';
  expect(before.get('mandi_http_requests_total{method="GET",route="/",status="200"}')).toBeGreaterThanOrEqual(1);
  // Shared state read from the database, the caches and the process's own figures.
  expect(before.get('mandi_jobs{state="queued"}')).toBeGreaterThanOrEqual(0);
  expect(before.get("mandi_jobs_oldest_due_seconds")).toBeGreaterThanOrEqual(0);
  expect(before.has('mandi_page_cache_lookups_total{result="hit"}')).toBe(true);
  expect(before.has('mandi_part_cache_lookups_total{result="miss"}')).toBe(true);
  expect(before.get("process_resident_memory_bytes")).toBeGreaterThan(0);

  await placeOrder(server.url, uniquePhone());
  const products = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as {
    products: Array<{ slug: string }>;
  };
  await fetch(`${server.url}/products/${products.products[0]?.slug}`);
  const after = await scrape(metricsUrl);
  expect(after.get(placedCod)).toBe((before.get(placedCod) ?? 0) + 1);
  expect(after.get(ordersRoute)).toBe((before.get(ordersRoute) ?? 0) + 1);
  // One label per route, not per product: the product page is counted under its pattern.
  expect(after.get(ordersTimes)).toBeGreaterThanOrEqual((before.get(ordersTimes) ?? 0) + 1);
  expect([...after.keys()].some((name) => name.includes(products.products[0]?.slug ?? "none"))).toBe(false);

  // Through the proxy, even with no token set, /metrics is not found; on its own port, no token.
  expect((await fetch(metricsUrl, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(404);
  const ownPort = await scrape(`http://127.0.0.1:${METRICS_PORT}/metrics`, null);
  expect(ownPort.get(placedCod)).toBe(after.get(placedCod));
});

test("the logs keep a phone's last 4 digits and no code or token", async () => {
  const phone = uniquePhone();
  const headers = await antiForgery(server.url);
  const sent = await fetch(`${server.url}/api/account/code`, {
    method: "POST",
    headers,
    body: JSON.stringify({ phone }),
  });
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${server.url}/api/dev/sms-outbox?phone=${phone}`)).json()) as {
    messages: Array<{ body: string }>;
  };
  const code = /^(\d{6}) /.exec(outbox.messages[0]?.body ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  const signedIn = await fetch(`${server.url}/api/account/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ phone, code }),
  });
  expect(signedIn.status).toBe(200);
  const session = cookieSecrets(signedIn);
  expect(session.length).toBeGreaterThan(0);
  const { orderNumber, orderId, secrets } = await placeOrder(server.url, phone);
  expect(secrets.length).toBeGreaterThan(0);
  // A wrong code and an address with a token in it are logged too (the request and its refusal).
  await fetch(`${server.url}/api/account/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ phone, code: "000000" }),
  });
  const addressToken = "t0kenInTheAddress1234";
  await fetch(`${server.url}/thank-you?orderId=${orderId}&token=${addressToken}%00`);

  await expect.poll(() => server.output().includes(orderNumber) || server.output().includes("sign-in code")).toBe(true);
  const logs = server.output();
  const lines = logs.split("\n").filter((line) => line.startsWith("{"));
  expect(lines.length).toBeGreaterThan(5);
  expect(logs).not.toContain(phone);
  expect(logs).not.toContain(`${phone.slice(0, 5)} ${phone.slice(5)}`);
  expect(logs).toContain(`******${phone.slice(-4)}`);
  expect(logs).not.toContain(code);
  for (const secret of [...session, ...secrets, addressToken, headers["X-CSRF-Token"] ?? ""]) {
    expect(secret.length).toBeGreaterThan(0);
    expect(logs).not.toContain(secret);
  }
  // Every line is JSON, and each request's lines carry its id.
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(lines.some((line) => /"msg":"request".*"requestId":"[0-9a-f-]{36}"/.test(line))).toBe(true);
});

test("with several processes, their metrics are added up on the metrics port", async () => {
  test.skip(!process.env.DATABASE_URL, "several processes share PostgreSQL only");
  test.setTimeout(240_000);
  const several = await startServerProcess(3363, { WEB_CONCURRENCY: "2", METRICS_PORT: "3364", LOG_LEVEL: "warn" });
  try {
    const port = "http://127.0.0.1:3364/metrics";
    const placed = 'mandi_orders_placed_total{payment_method="COD"}';
    const before = (await scrape(port, null)).get(placed) ?? 0;
    // Orders on new connections, which the two processes take in turn as they come.
    for (let i = 0; i < 6; i += 1) await placeOrder(several.url, uniquePhone());
    await expect.poll(async () => (await scrape(port, null)).get(placed)).toBe(before + 6);
    // On the shared port a process knows only its own figures, and says where the sum is.
    const own = await fetch(`${several.url}/metrics`);
    expect(own.status).toBe(404);
    expect(await own.text()).toBe("Several processes serve this port; their metrics are added up at port 3364.");
  } finally {
    await several.stop();
  }
});
