import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Paise } from "../../app/modules/money/types";
import { GatewayError, PAYMENT_MESSAGES } from "../../app/modules/payments/gateway";
import { JuspayGateway } from "../../app/modules/payments/juspay/juspay-gateway.server";
import { basicAuth } from "../../app/modules/payments/juspay/protocol";
import { type FakeJuspay, startFakeJuspay } from "../fakes/juspay-server";

/** The Juspay adapter against a fake Juspay over real HTTP. */

let fake: FakeJuspay;
let gateway: JuspayGateway;

function adapter(overrides: Partial<ConstructorParameters<typeof JuspayGateway>[0]> = {}) {
  return new JuspayGateway({
    baseUrl: fake.url,
    merchantId: fake.config.merchantId,
    apiKey: fake.config.apiKey,
    paymentPageClientId: "mandi-test",
    responseKey: fake.config.responseKey,
    webhookUsername: "hook",
    webhookPassword: "hook-secret",
    // Far above a real answer's time even on a loaded machine; the slow-gateway test sets its own.
    timeoutMs: 10_000,
    retryDelaysMs: [20, 50],
    ...overrides,
  });
}

const session = (gatewayOrderId: string, amount = 1499_00) => ({
  gatewayOrderId,
  amount: amount as Paise,
  customer: { id: null, name: "Asha Rao Kulkarni", email: "asha@example.in", phone: "9876543210" },
  description: "Order 2611220ABCDEFGH",
  returnUrl: "http://store.test/payment-return?orderId=5f0c",
});

beforeAll(async () => {
  fake = await startFakeJuspay();
});
afterAll(() => fake.close());
beforeEach(() => {
  gateway = adapter();
  Object.assign(fake.faults, { down: false, delayMs: 0, failNext: 0, noLink: false });
  fake.requests.length = 0;
});

describe("Juspay adapter", () => {
  it("creates a session with the protocol's fields and reads payment_links.web", async () => {
    const result = await gateway.createSession(session("A1"));
    expect(result.paymentLink).toMatch(new RegExp(`^${fake.url}/pay/ordeh_`));
    const [call] = fake.requests;
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/session");
    expect(call?.headers.authorization).toBe(basicAuth(fake.config.apiKey, ""));
    expect(call?.headers["x-merchantid"]).toBe(fake.config.merchantId);
    expect(call?.headers.version).toBe("2023-06-30");
    expect(JSON.parse(call?.body ?? "")).toMatchObject({
      order_id: "A1",
      amount: "1499.00",
      currency: "INR",
      customer_phone: "9876543210",
      first_name: "Asha",
      last_name: "Rao Kulkarni",
      action: "paymentPage",
      payment_page_client_id: "mandi-test",
      return_url: "http://store.test/payment-return?orderId=5f0c",
    });
  });

  it("reads the order status with the real codes, and null for an unknown order", async () => {
    await gateway.createSession(session("A2", 250_50));
    expect(await gateway.getOrder("A2")).toMatchObject({ orderId: "A2", status: "NEW", statusId: 10, amount: 25050 });
    await fake.pay("A2", "success");
    expect(await gateway.getOrder("A2")).toMatchObject({ status: "CHARGED", statusId: 21, refunded: false });
    expect(await gateway.getOrder("NOPE1")).toBeNull();
  });

  it("verifies the signed return URL and refuses a tampered one", async () => {
    await gateway.createSession(session("A3"));
    const back = new URL(await fake.pay("A3", "failure"));
    expect(back.searchParams.get("status")).toBe("AUTHORIZATION_FAILED");
    expect(back.searchParams.get("status_id")).toBe("27");
    expect(back.searchParams.get("orderId")).toBe("5f0c");
    expect(gateway.verifyReturn(back.searchParams)).toBe(true);
    back.searchParams.set("status", "CHARGED");
    expect(gateway.verifyReturn(back.searchParams)).toBe(false);
    expect(
      adapter({ responseKey: undefined }).verifyReturn(new URL(await fake.pay("A3", "failure")).searchParams),
    ).toBe(false);
  });

  it("authenticates webhooks by their basic-auth pair", () => {
    expect(gateway.authenticateWebhook(basicAuth("hook", "hook-secret"))).toBe(true);
    expect(gateway.authenticateWebhook(basicAuth("hook", "guess"))).toBe(false);
    expect(gateway.authenticateWebhook(null)).toBe(false);
  });

  it("refunds in part and in full, recognises a repeated request id, refuses more than the balance", async () => {
    await gateway.createSession(session("A4", 1000_00));
    await expect(gateway.refund("A4", { uniqueRequestId: "r-early" })).rejects.toMatchObject({
      kind: "invalid-request",
    });
    await fake.pay("A4", "success");
    const part = await gateway.refund("A4", { uniqueRequestId: "r-1", amount: 400_00 as Paise });
    expect(part).toMatchObject({ status: "CHARGED", refunded: true, amountRefunded: 400_00 });
    // The same request again (a retry after a lost answer) is the same refund, not a second one.
    expect(await gateway.refund("A4", { uniqueRequestId: "r-1", amount: 400_00 as Paise })).toMatchObject({
      amountRefunded: 400_00,
    });
    await expect(gateway.refund("A4", { uniqueRequestId: "r-2", amount: 700_00 as Paise })).rejects.toMatchObject({
      details: { code: "invalid.amount.exceeded" },
    });
    expect(await gateway.refund("A4", { uniqueRequestId: "r-3" })).toMatchObject({ amountRefunded: 1000_00 });
  });

  it("turns a missing link, a refusal and bad credentials into the spec's messages", async () => {
    fake.faults.noLink = true;
    const noLink = await gateway.createSession(session("A5")).catch((e: unknown) => e);
    expect(noLink).toBeInstanceOf(GatewayError);
    expect((noLink as GatewayError).userMessage).toBe(PAYMENT_MESSAGES.noLink);
    fake.faults.noLink = false;

    const refused = await gateway.createSession(session("A6", 0)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "invalid-request", details: { status: 400, code: "INVALID_REQUEST" } });
    expect((refused as GatewayError).userMessage).toBe(PAYMENT_MESSAGES.startFailed);

    const wrongKey = await adapter({ apiKey: "wrong" })
      .createSession(session("A7"))
      .catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ kind: "unauthorized", details: { status: 401, code: "access_denied" } });
  });

  it("times out on a slow gateway and does not retry a session", async () => {
    fake.faults.delayMs = 6_000;
    const started = Date.now();
    const slow = await adapter({ timeoutMs: 1_000 })
      .createSession(session("A8"))
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ kind: "timeout" });
    // It gave up at its own limit, long before the gateway's answer (the margin is for a loaded machine).
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(990);
    expect(waited).toBeLessThan(4_000);
    expect(fake.requests.filter((r) => r.path === "/session")).toHaveLength(1);
  });

  it("retries status reads on network errors and 5xx, then gives up with a clear error", async () => {
    await gateway.createSession(session("A9"));
    fake.faults.failNext = 2;
    expect(await gateway.getOrder("A9")).toMatchObject({ status: "NEW" });
    fake.faults.down = true;
    const down = await gateway.getOrder("A9").catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: "network" });
    expect(fake.requests.filter((r) => r.path === "/orders/A9")).toHaveLength(1 + 2 + 3);
  });

  it("refuses an order id the gateway would not accept before calling it", async () => {
    await expect(gateway.createSession(session("much-too-long-order-id-x"))).rejects.toMatchObject({
      kind: "invalid-request",
    });
    expect(fake.requests).toHaveLength(0);
  });
});
