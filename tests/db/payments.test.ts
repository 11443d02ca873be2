import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customerCartItems, orderEvents, orders, paymentAttempts, paymentEvents } from "../../app/db/schema";
import { createLogger } from "../../app/logger.server";
import { moveOrder } from "../../app/modules/console/fulfilment.server";
import { REFUND_MESSAGES } from "../../app/modules/console/refund-rules";
import { listRefunds, refundOrder } from "../../app/modules/console/refunds.server";
import { TRANSITION_MESSAGES } from "../../app/modules/console/transitions";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { PAYMENT_MESSAGES } from "../../app/modules/payments/gateway";
import { JuspayGateway } from "../../app/modules/payments/juspay/juspay-gateway.server";
import { basicAuth, readGatewayOrder } from "../../app/modules/payments/juspay/protocol";
import { JuspaySimulator, memoryBooks, statusBody } from "../../app/modules/payments/juspay/simulator.server";
import { runPaymentJob } from "../../app/modules/payments/payment-job.server";
import {
  applyGatewayOrder,
  PAYMENT_START_MESSAGES,
  type Payments,
  startPayment,
  syncPayment,
} from "../../app/modules/payments/payments.server";
import { receiveWebhook } from "../../app/modules/payments/webhook.server";
import { addStaff } from "../../app/modules/staff/staff.server";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Online payment against the real database (PGlite and PostgreSQL) and a Juspay simulator
 * reached through the real adapter: concurrency, forged and replayed webhooks, a gateway that
 * is down, abandoned payments.
 */

const HOOK = { username: "hook", password: "hook-secret" };
const CREDS = { merchantId: "m_test", apiKey: "key_test", responseKey: "resp_test" };
const RETURN_URL = "http://store.test/payment-return";

describe.each(databaseKinds)("online payment on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let books: ReturnType<typeof memoryBooks>;
  let simulator: JuspaySimulator;
  let payments: Payments;
  /** What the adapter's HTTP calls do: the simulator, or a fault. */
  let transport: (request: Request) => Promise<Response>;

  function gateway(timeoutMs = 2_000) {
    return new JuspayGateway({
      baseUrl: "http://juspay.test",
      ...CREDS,
      paymentPageClientId: "client",
      webhookUsername: HOOK.username,
      webhookPassword: HOOK.password,
      timeoutMs,
      retryDelaysMs: [10, 20],
      fetch: (input, init) => transport(new Request(input, init)),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `payments-${kind}`);
    books = memoryBooks();
    simulator = new JuspaySimulator({
      ...CREDS,
      paymentPageBase: "http://juspay.test/pay",
      books,
      webhook: { ...HOOK, deliver: (request) => receiveWebhook(payments, request), retryDelaysMs: [] },
    });
    payments = { db: database.db, gateway: gateway(), log: createLogger("silent") };
  });
  afterAll(() => database.close());
  beforeEach(() => {
    transport = (request) => simulator.handle(request);
    payments.gateway = gateway();
  });

  async function onlineOrder(qty = 2) {
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty }], paymentMethod: "ONLINE" }),
    );
    if (!placed.ok) throw new Error(placed.error);
    return placed.order;
  }

  async function orderRow(id: string) {
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error("order missing");
    return row;
  }

  async function eventsOf(id: string, kindOf?: string) {
    const rows = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    return kindOf ? rows.filter((e) => e.kind === kindOf) : rows;
  }

  const start = (orderId: string, source: "checkout" | "retry" = "checkout") =>
    startPayment(payments, fx.store.id, orderId, { returnUrl: `${RETURN_URL}?orderId=${orderId}`, source });

  function simOrder(gatewayOrderId: string) {
    const found = books.all().find((o) => o.order_id === gatewayOrderId);
    if (!found) throw new Error(`no gateway order ${gatewayOrderId}`);
    return found;
  }

  function webhookRequest(body: unknown, auth = basicAuth(HOOK.username, HOOK.password)) {
    return new Request("http://store.test/api/payments/webhook", {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** Makes the order old enough for the abandoned-payment job. */
  async function age(orderId: string, minutes: number) {
    const past = sql`now() - make_interval(mins => ${minutes})`;
    await database.db.update(orders).set({ createdAt: past }).where(eq(orders.id, orderId));
    await database.db.update(paymentAttempts).set({ createdAt: past }).where(eq(paymentAttempts.orderId, orderId));
  }

  it("starts a payment for the order's own amount with a gateway order id that fits, and reuses it for a repeat", async () => {
    const before = await stockOf(database.db, fx.ids.rice);
    const order = await onlineOrder(2);
    expect(await stockOf(database.db, fx.ids.rice)).toBe((before ?? 0) - 2);
    const started = await start(order.orderId);
    if (!started.ok) throw new Error(started.error);
    expect(started.paymentLink).toMatch(/^http:\/\/juspay\.test\/pay\/ordeh_/);
    const gatewayOrder = simOrder(order.orderNumber);
    expect(gatewayOrder.order_id).toMatch(/^[A-Za-z0-9_-]{1,17}$/);
    // 2 x ₹2,400 with free shipping from ₹7,500 not reached: the order's grand total, to the paisa.
    expect(Math.round(gatewayOrder.amount * 100)).toBe(order.grandTotal);
    const again = await start(order.orderId);
    expect(again).toMatchObject({ ok: true, paymentLink: started.paymentLink, reused: true });
    expect(books.all().filter((o) => o.order_id.startsWith(order.orderNumber))).toHaveLength(1);
  });

  it("webhook and return for the same order, 100 times at once: one transition to paid", async () => {
    const stockBefore = await stockOf(database.db, fx.ids.rice);
    const order = await onlineOrder(3);
    const afterPlacing = await stockOf(database.db, fx.ids.rice);
    expect(afterPlacing).toBe((stockBefore ?? 0) - 3);
    await start(order.orderId);
    const row = await orderRow(order.orderId);
    // A signed-in customer's server-side cart, to be cleared when the order is paid.
    if (row.customerId) {
      await database.db.insert(customerCartItems).values({
        storeId: fx.store.id,
        customerId: row.customerId,
        name: "Old line",
        unitPrice: 100,
        quantity: 1,
        total: 100,
      });
    }
    // The shopper pays; the gateway's own webhook is held back so the race below is ours.
    const sim = simOrder(order.orderNumber);
    sim.status = "CHARGED";
    sim.status_id = 21;
    sim.txn_id = "txn-1";
    await books.update(sim);
    const body = (n: number) => ({
      id: `evt_race_${order.orderNumber}_${(n / 2) % 10}`,
      event_name: "ORDER_SUCCEEDED",
      content: { order: statusBody(sim) },
    });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        n % 2 === 0
          ? receiveWebhook(payments, webhookRequest(body(n))).then((r) => r.status)
          : syncPayment(payments, order.orderId, "return"),
      ),
    );
    expect(results.filter((r) => r === 200)).toHaveLength(50);
    const synced = results.filter((r) => typeof r === "object");
    expect(synced.every((r) => typeof r === "object" && r.paymentStatus === "paid")).toBe(true);

    const paid = await orderRow(order.orderId);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.paidAt).not.toBeNull();
    const transitions = await eventsOf(order.orderId, "payment");
    expect(transitions.filter((e) => e.toStatus === "paid")).toHaveLength(1);
    expect(await eventsOf(order.orderId, "cart-cleared")).toHaveLength(1);
    expect(await stockOf(database.db, fx.ids.rice)).toBe(afterPlacing);
    if (row.customerId) {
      const cart = await database.db
        .select()
        .from(customerCartItems)
        .where(eq(customerCartItems.customerId, row.customerId));
      expect(cart).toHaveLength(0);
    }
    // paidAt is set once: a later confirmation does not move it.
    await syncPayment(payments, order.orderId, "return");
    expect((await orderRow(order.orderId)).paidAt).toEqual(paid.paidAt);
    // Ten distinct event ids were recorded once each.
    const recorded = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.gatewayOrderId, order.orderNumber));
    expect(recorded).toHaveLength(10);
  });

  it("forged, replayed, out-of-order and unknown webhooks change nothing wrongly", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    const sim = simOrder(order.orderNumber);
    const charged = { ...statusBody(sim), status: "CHARGED", status_id: 21 };

    // Forged: wrong credentials, even with a CHARGED body.
    const forged = await receiveWebhook(
      payments,
      webhookRequest(
        { id: "evt_forged", event_name: "ORDER_SUCCEEDED", content: { order: charged } },
        basicAuth("hook", "guess"),
      ),
    );
    expect(forged.status).toBe(401);
    // Right credentials but a body that lies: the gateway is asked, and says NEW.
    const lying = await receiveWebhook(
      payments,
      webhookRequest({ id: "evt_lie", event_name: "ORDER_SUCCEEDED", content: { order: charged } }),
    );
    expect(lying.status).toBe(200);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("pending");

    // Really paid, then a replay of the same event and a late PENDING.
    await simulator.pay(sim.id, "success");
    await simulator.settled();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    const [first] = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.gatewayOrderId, order.orderNumber));
    const replay = await receiveWebhook(payments, webhookRequest(first?.payload));
    expect(await replay.json()).toMatchObject({ ok: true, duplicate: true });
    const attempt = (
      await database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.orderId))
    )[0];
    if (!attempt) throw new Error("attempt missing");
    const late = readGatewayOrder({ ...statusBody(simOrder(order.orderNumber)), status: "PENDING_VBV", status_id: 23 });
    if (!late) throw new Error("unreadable");
    expect(await applyGatewayOrder(payments, attempt, late, "webhook")).toMatchObject({
      paymentStatus: "paid",
      changed: false,
    });
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");

    // Unknown order: recorded, answered 200 (so the gateway stops), nothing else.
    const unknown = await receiveWebhook(
      payments,
      webhookRequest({
        id: "evt_unknown",
        event_name: "ORDER_SUCCEEDED",
        content: { order: { order_id: "NOSUCHORDER1" } },
      }),
    );
    expect(unknown.status).toBe(200);
    const [unknownEvent] = await database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, "juspay"), eq(paymentEvents.eventId, "evt_unknown")));
    expect(unknownEvent?.outcome).toBe("unknown-order");
    // Garbage is refused with a message.
    const garbage = await receiveWebhook(payments, webhookRequest({ hello: "world" }));
    expect(garbage.status).toBe(400);
    expect((await eventsOf(order.orderId, "payment")).filter((e) => e.toStatus === "paid")).toHaveLength(1);
  });

  it("a charge for another amount does not pay the order", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    const sim = simOrder(order.orderNumber);
    Object.assign(sim, { status: "CHARGED", status_id: 21, amount: 1 });
    await books.update(sim);
    expect(await syncPayment(payments, order.orderId, "return")).toMatchObject({ paymentStatus: "pending" });
    expect(await eventsOf(order.orderId, "attention")).toHaveLength(1);
  });

  it("gateway down at session creation: a clear message, the order unpaid, its stock released once by the job", async () => {
    const stockBefore = await stockOf(database.db, fx.ids.rice);
    const order = await onlineOrder(4);
    transport = () => Promise.reject(new TypeError("fetch failed"));
    const down = await start(order.orderId);
    expect(down).toEqual({ ok: false, status: 502, error: PAYMENT_MESSAGES.startFailed });
    expect((await orderRow(order.orderId)).paymentStatus).toBe("pending");
    expect(await stockOf(database.db, fx.ids.rice)).toBe((stockBefore ?? 0) - 4);

    // Not yet: the order is still within its time.
    expect((await runPaymentJob(payments, { abandonAfterMinutes: 30 })).released).toBe(0);
    await age(order.orderId, 31);
    // Two app processes run the job at the same moment.
    const [a, b] = await Promise.all([
      runPaymentJob(payments, { abandonAfterMinutes: 30 }),
      runPaymentJob(payments, { abandonAfterMinutes: 30 }),
    ]);
    expect(a.released + b.released).toBe(1);
    const released = await orderRow(order.orderId);
    expect(released.paymentStatus).toBe("failed");
    expect(released.stockReleasedAt).not.toBeNull();
    expect(await stockOf(database.db, fx.ids.rice)).toBe(stockBefore);
    expect(await eventsOf(order.orderId, "stock-released")).toHaveLength(1);
    // A later run leaves it alone.
    await runPaymentJob(payments, { abandonAfterMinutes: 30 });
    expect(await stockOf(database.db, fx.ids.rice)).toBe(stockBefore);
  });

  it("gateway slow at session creation: the call gives up in time with the message", async () => {
    const order = await onlineOrder(1);
    payments.gateway = gateway(300);
    transport = (request) => new Promise((resolve) => setTimeout(() => resolve(simulator.handle(request)), 6_000));
    const startedAt = Date.now();
    expect(await start(order.orderId)).toMatchObject({ ok: false, error: PAYMENT_MESSAGES.startFailed });
    // It gave up at its own 300 ms limit, long before the gateway's answer (the margin is for a loaded machine).
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    // The gateway answering without a link has its own message.
    transport = async (request) => {
      const answer = await simulator.handle(request);
      const { payment_links: _l, ...rest } = (await answer.json()) as Record<string, unknown>;
      return Response.json(rest, { status: answer.status });
    };
    payments.gateway = gateway();
    expect(await start(order.orderId, "retry")).toMatchObject({ ok: false, error: PAYMENT_MESSAGES.noLink });
  });

  it("the job asks the gateway first: a payment it never heard of is kept, not released", async () => {
    const stockBefore = await stockOf(database.db, fx.ids.rice);
    const order = await onlineOrder(1);
    await start(order.orderId);
    const sim = simOrder(order.orderNumber);
    Object.assign(sim, { status: "CHARGED", status_id: 21 });
    await books.update(sim);
    await age(order.orderId, 45);
    const report = await runPaymentJob(payments, { abandonAfterMinutes: 30 });
    expect(report.paidLate).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    expect(await stockOf(database.db, fx.ids.rice)).toBe((stockBefore ?? 0) - 1);
  });

  it("Try Again after a failure pays the same order; a payment after release takes the stock again", async () => {
    const stockBefore = await stockOf(database.db, fx.ids.rice);
    const order = await onlineOrder(2);
    const first = await start(order.orderId);
    if (!first.ok) throw new Error(first.error);
    await simulator.pay(simOrder(order.orderNumber).id, "failure");
    await simulator.settled();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("failed");

    const retry = await start(order.orderId, "retry");
    if (!retry.ok) throw new Error(retry.error);
    expect(retry.paymentLink).not.toBe(first.paymentLink);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("pending");
    // The first attempt's failure arriving late does not fail the order again.
    await syncPayment(payments, order.orderId, "return");
    expect((await orderRow(order.orderId)).paymentStatus).toBe("pending");
    const second = simOrder(`${order.orderNumber}-2`);
    await simulator.pay(second.id, "success");
    await simulator.settled();
    const paid = await orderRow(order.orderId);
    expect(paid.paymentStatus).toBe("paid");
    expect(await stockOf(database.db, fx.ids.rice)).toBe((stockBefore ?? 0) - 2);
    const orderCount = await database.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(orderCount).toHaveLength(1);
    expect(await start(order.orderId, "retry")).toEqual({
      ok: false,
      status: 409,
      error: PAYMENT_START_MESSAGES.alreadyPaid,
    });

    // Abandoned, released, then the shopper pays on the old link after all.
    const late = await onlineOrder(5);
    await start(late.orderId);
    await age(late.orderId, 40);
    await runPaymentJob(payments, { abandonAfterMinutes: 30 });
    expect((await orderRow(late.orderId)).stockReleasedAt).not.toBeNull();
    const afterRelease = await stockOf(database.db, fx.ids.rice);
    await simulator.pay(simOrder(late.orderNumber).id, "success");
    await simulator.settled();
    const latePaid = await orderRow(late.orderId);
    expect(latePaid.paymentStatus).toBe("paid");
    expect(latePaid.stockReleasedAt).toBeNull();
    expect(await stockOf(database.db, fx.ids.rice)).toBe((afterRelease ?? 0) - 5);
  });

  it("a refund at the gateway reaches the order by webhook", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    await simulator.pay(simOrder(order.orderNumber).id, "success");
    await simulator.settled();
    await payments.gateway.refund(order.orderNumber, { uniqueRequestId: `rf-${order.orderNumber}`.slice(0, 20) });
    await simulator.settled();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("refunded");
  });
  /** A staff member of the fixture store, as the console's refunds record them. */
  async function consoleActor() {
    const email = `owner${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.in`;
    const { staffId } = await addStaff(database.db, fx.store.id, { email, role: "owner" });
    return { member: { id: staffId, email, storeId: fx.store.id }, ip: "203.0.113.1" };
  }

  it("the console refunds part, then the rest, never more than was paid", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    await simulator.pay(simOrder(order.orderNumber).id, "success");
    await simulator.settled();
    const actor = await consoleActor();
    const part = await refundOrder(database.db, payments, actor, {
      orderId: order.orderId,
      amount: 1_000_00,
      reason: "one bag torn",
    });
    expect(part).toMatchObject({ ok: true, status: "done" });
    await simulator.settled();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    // More than what is left is refused before the gateway is asked.
    const left = order.grandTotal - 1_000_00;
    expect(
      await refundOrder(database.db, payments, actor, { orderId: order.orderId, amount: left + 1, reason: "" }),
    ).toEqual({
      ok: false,
      status: 422,
      error: REFUND_MESSAGES.tooMuch(left, 1_000_00, order.grandTotal),
    });
    // Two refunds of the rest at once: one goes through, the other is refused.
    const both = await Promise.all([
      refundOrder(database.db, payments, actor, { orderId: order.orderId, amount: left, reason: "" }),
      refundOrder(database.db, payments, actor, { orderId: order.orderId, amount: left, reason: "" }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    await simulator.settled();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("refunded");
    const sim = simOrder(order.orderNumber);
    expect(sim.refunds.map((r) => Math.round(r.amount * 100)).reduce((a, b) => a + b, 0)).toBe(order.grandTotal);
    expect(await listRefunds(database.db, order.orderId)).toHaveLength(2);
  });

  it("cancel and refund: all that is left, refused from a page someone else's change made stale", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    await simulator.pay(simOrder(order.orderNumber).id, "success");
    await simulator.settled();
    const actor = await consoleActor();
    await refundOrder(database.db, payments, actor, { orderId: order.orderId, amount: 400_00, reason: "" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Confirmed", seenStatus: "Pending" });
    // A page still showing Pending refunds nothing.
    expect(
      await refundOrder(database.db, payments, actor, {
        orderId: order.orderId,
        amount: "rest",
        seenStatus: "Pending",
        reason: "",
      }),
    ).toEqual({ ok: false, status: 409, error: TRANSITION_MESSAGES.changed("Confirmed") });
    const rest = await refundOrder(database.db, payments, actor, {
      orderId: order.orderId,
      amount: "rest",
      seenStatus: "Confirmed",
      reason: "Order cancelled",
    });
    expect(rest).toMatchObject({ ok: true, amount: order.grandTotal - 400_00 });
    await simulator.settled();
    const cancelled = await moveOrder(database.db, actor, {
      orderId: order.orderId,
      to: "Cancelled",
      seenStatus: "Confirmed",
      refunding: true,
    });
    expect(cancelled).toMatchObject({ ok: true, status: "Cancelled" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "Cancelled", paymentStatus: "refunded" });
  });

  it("a refund the gateway refuses is recorded failed and frees its amount", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    await simulator.pay(simOrder(order.orderNumber).id, "success");
    await simulator.settled();
    const actor = await consoleActor();
    transport = async () => new Response("down", { status: 503 });
    const failed = await refundOrder(database.db, payments, actor, {
      orderId: order.orderId,
      amount: 500_00,
      reason: "",
    });
    expect(failed).toEqual({ ok: false, status: 502, error: REFUND_MESSAGES.gatewayFailed });
    expect((await listRefunds(database.db, order.orderId)).map((r) => r.status)).toEqual(["failed"]);
    transport = (request) => simulator.handle(request);
    expect(
      await refundOrder(database.db, payments, actor, { orderId: order.orderId, amount: order.grandTotal, reason: "" }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("Try Again on an order whose stock was sold meanwhile says so", async () => {
    const order = await onlineOrder(1);
    await start(order.orderId);
    await age(order.orderId, 40);
    await runPaymentJob(payments, { abandonAfterMinutes: 30 });
    const left = (await stockOf(database.db, fx.ids.rice)) ?? 0;
    // Someone buys every bag left (a store that puts no limit on a guest's order).
    const all = await placeOrder(
      database.db,
      { ...fx.store, orderRules: { ...fx.store.orderRules, guestMaxOrderValue: 0, guestMaxLineQuantity: 0 } },
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: left }] }),
    );
    expect(all.ok).toBe(true);
    expect(await start(order.orderId, "retry")).toEqual({
      ok: false,
      status: 409,
      error: PAYMENT_START_MESSAGES.outOfStock,
    });
    expect((await orderRow(order.orderId)).paymentStatus).toBe("failed");
  });
});
