import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { formatAmount } from "../../app/modules/payments/juspay/protocol";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";
import { type FakeJuspay, startFakeJuspay } from "../fakes/juspay-server";
import { antiForgery } from "./helpers/anti-forgery";
import { NO_ORDER_LIMITS } from "./helpers/server-process";

/**
 * The built server configured for Juspay (PAYMENT_GATEWAY=juspay) against a fake Juspay over
 * real HTTP: the session, the signed return, the status check, and webhooks sent twice to the
 * store's endpoint with basic auth.
 */

const PORT = 3321;
const HOOK = { username: "juspay-hook", password: "hook-pass-0123" };

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("Juspay over HTTP: session, signed return, status check, duplicate webhooks", async () => {
  test.setTimeout(240_000);
  let fake: FakeJuspay | null = null;
  let child: ChildProcess | null = null as ChildProcess | null;
  let cleanup = async () => {};
  const { DATABASE_URL: adminUrl, ...inherited } = process.env;
  try {
    fake = await startFakeJuspay({
      webhook: { url: `http://127.0.0.1:${PORT}/api/payments/webhook`, ...HOOK, duplicate: true },
    });
    let dbEnv: Record<string, string>;
    let target: Parameters<typeof openDatabase>[0];
    if (adminUrl) {
      const fresh = await createFreshDatabase(adminUrl, "mandi_juspay");
      dbEnv = { DATABASE_URL: fresh.url };
      target = { kind: "postgres", url: fresh.url };
      cleanup = fresh.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "mandi-juspay-"));
      dbEnv = { DATA_DIR: dir };
      target = { kind: "pglite", dataDir: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...inherited,
        ...dbEnv,
        LOG_LEVEL: "warn",
        DEMO_ORDER_RULES: NO_ORDER_LIMITS,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PAYMENT_GATEWAY: "juspay",
        JUSPAY_BASE_URL: fake.url,
        JUSPAY_MERCHANT_ID: fake.config.merchantId,
        JUSPAY_API_KEY: fake.config.apiKey,
        JUSPAY_PAYMENT_PAGE_CLIENT_ID: "mandi-process-test",
        JUSPAY_RESPONSE_KEY: fake.config.responseKey,
        JUSPAY_WEBHOOK_USERNAME: HOOK.username,
        JUSPAY_WEBHOOK_PASSWORD: HOOK.password,
      },
      stdio: "pipe",
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    const url = `http://127.0.0.1:${PORT}`;
    await waitFor(`the server (${output})`, async () => ((await fetch(`${url}/healthz`)).ok ? true : null), 150_000);

    const headers = await antiForgery(url);
    const { products } = (await (await fetch(`${url}/api/products?limit=48`)).json()) as {
      products: Array<{ id: string; hasSizes: boolean; stock: { kind: string } }>;
    };
    const product = products.find((p) => !p.hasSizes && p.stock.kind === "in-stock");
    if (!product) throw new Error("no product in stock");

    const placed = await fetch(`${url}/api/orders`, {
      method: "POST",
      headers: { ...headers, "Idempotency-Key": `juspay-${randomUUID()}` },
      body: JSON.stringify({
        lines: [{ productId: product.id, qty: 2 }],
        address: {
          fullName: "Ravi Kumar",
          phone: "9811122233",
          addressLine1: "Plot 7, Sector 30",
          city: "Navi Mumbai",
          state: "Maharashtra",
          pincode: "400703",
        },
        paymentMethod: "ONLINE",
        saveAddress: false,
      }),
    });
    const order = (await placed.json()) as {
      orderId: string;
      orderNumber: string;
      grandTotal: number;
      paymentLink: string;
    };
    expect(placed.status, JSON.stringify(order)).toBe(201);
    expect(order.paymentLink.startsWith(`${fake.url}/pay/ordeh_`)).toBe(true);
    const session = fake.requests.find((r) => r.path === "/session");
    expect(JSON.parse(session?.body ?? "{}")).toMatchObject({
      order_id: order.orderNumber,
      amount: formatAmount(order.grandTotal),
      return_url: `${url}/payment-return?orderId=${order.orderId}`,
    });

    // The shopper pays on the gateway's page and is sent back with signed parameters.
    const paid = await fetch(`${order.paymentLink}?choice=success`, { redirect: "manual" });
    const back = new URL(paid.headers.get("location") ?? "");
    expect(back.pathname).toBe("/payment-return");
    expect(back.searchParams.get("status")).toBe("CHARGED");
    expect(back.searchParams.get("signature")).toBeTruthy();

    // The webhook (sent twice) pays the order without the shopper coming back at all.
    const status = await waitFor("the webhook to pay the order", async () => {
      const view = (await (await fetch(`${url}/api/orders/${order.orderId}`)).json()) as { paymentStatus: string };
      return view.paymentStatus === "paid" ? view : null;
    });
    expect(status.paymentStatus).toBe("paid");
    await fake.simulator.settled();
    const charged = fake.deliveries.filter((d) => d.body.event_name === "ORDER_SUCCEEDED");
    expect(charged).toHaveLength(2);
    expect(charged.every((d) => d.status === 200)).toBe(true);
    expect(charged[0]?.body.id).toBe(charged[1]?.body.id);

    // The return then asks the gateway and agrees.
    const confirmed = await fetch(`${url}/api/payments/return`, {
      method: "POST",
      headers,
      body: JSON.stringify({ orderId: back.searchParams.get("orderId"), query: back.searchParams.toString() }),
    });
    expect(await confirmed.json()).toEqual({ orderId: order.orderId, app_status: "paid" });

    // A webhook with the wrong password is refused.
    const forged = await fetch(`${url}/api/payments/webhook`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${HOOK.username}:wrong`).toString("base64")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(charged[0]?.body),
    });
    expect(forged.status).toBe(401);

    // With the server stopped, its books: one transition to paid, the event recorded once.
    await stop(child);
    child = null;
    const database = await openDatabase(target);
    try {
      const events = (await database.db.execute(sql`
        select kind, to_status from order_events where order_id = ${order.orderId}`)) as unknown as {
        rows: Array<{ kind: string; to_status: string | null }>;
      };
      expect(events.rows.filter((e) => e.kind === "payment" && e.to_status === "paid")).toHaveLength(1);
      expect(events.rows.filter((e) => e.kind === "cart-cleared")).toHaveLength(1);
      const recorded = (await database.db.execute(sql`
        select count(*)::int as n from payment_events where gateway_order_id = ${order.orderNumber}
          and event_name = 'ORDER_SUCCEEDED'`)) as unknown as { rows: Array<{ n: number }> };
      expect(recorded.rows[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  } finally {
    if (child) await stop(child);
    await fake?.close();
    await cleanup();
  }
});
