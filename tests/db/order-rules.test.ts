import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, orderEvents, orders, smsOutbox } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { createLogger } from "../../app/logger.server";
import { OutboxSms } from "../../app/modules/accounts/sms.server";
import { confirmOrderByCode, releaseUnconfirmedOrders, sendOrderCode } from "../../app/modules/orders/cod-code.server";
import { hitOrderLimits } from "../../app/modules/orders/order-limits.server";
import { ORDER_RULE_MESSAGES } from "../../app/modules/orders/order-rules";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { updateStoreSettings } from "../../app/modules/store/store.server";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * The store's order rules (issue 53) on both databases: hourly limits per address and phone,
 * a guest's most per order and per line, and COD orders confirmed by a code to their phone,
 * whose stock goes back once when the code does not come in time.
 */
describe.each(databaseKinds)("order rules on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const log = createLogger("silent");
  const deps = () => ({ db: database.db, sms: new OutboxSms(database.db, log), log });
  let phones = 0;
  const newPhone = () => `97${String(Date.now() % 1_000_000).padStart(6, "0")}${String(phones++).padStart(2, "0")}`;
  const lastCode = async (phone: string) => {
    const [row] = await database.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.storeId, fx.store.id), eq(smsOutbox.phone, phone)))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1);
    return /^(\d{6}) /.exec(row?.body ?? "")?.[1] ?? "";
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `order-rules-${kind}`);
  });
  afterAll(() => database.close());

  it("counts orders an hour per address and per phone, and says when to try again", async () => {
    const store = {
      ...fx.store,
      orderRules: { ...fx.store.orderRules, ordersPerIpPerHour: 3, ordersPerPhonePerHour: 2 },
    };
    const t0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    const phone = newPhone();
    expect(await hitOrderLimits(database.db, store, phone, "203.0.113.1", t0)).toEqual({ ok: true });
    expect(await hitOrderLimits(database.db, store, phone, "203.0.113.1", t0)).toEqual({ ok: true });
    // The third for this phone, from anywhere.
    expect(await hitOrderLimits(database.db, store, phone, "203.0.113.2", t0)).toEqual({
      ok: false,
      error: "Too many orders for this phone number. Please try again in 59 minutes.",
      retryAfterSeconds: 3540,
    });
    // The address's third and fourth, with other phones.
    expect(await hitOrderLimits(database.db, store, newPhone(), "203.0.113.1", t0)).toEqual({ ok: true });
    const fourth = await hitOrderLimits(database.db, store, newPhone(), "203.0.113.1", t0);
    expect(fourth).toMatchObject({ ok: false, error: ORDER_RULE_MESSAGES.tooManyFromHere("in 59 minutes") });
    // Off at 0.
    const open = { ...store, orderRules: { ...store.orderRules, ordersPerIpPerHour: 0, ordersPerPhonePerHour: 0 } };
    expect(await hitOrderLimits(database.db, open, phone, "203.0.113.1", t0)).toEqual({ ok: true });
  });

  it("refuses a guest's order over the store's most, and takes no stock; a signed-in customer's goes through", async () => {
    const store = {
      ...fx.store,
      orderRules: { ...fx.store.orderRules, guestMaxOrderValue: 5_000_00, guestMaxLineQuantity: 5 },
    };
    const before = await stockOf(database.db, fx.ids.rice);
    const big = orderRequest({ lines: [{ productId: fx.ids.rice, qty: 3 }] });
    expect(await placeOrder(database.db, store, big)).toEqual({
      ok: false,
      status: 422,
      error: ORDER_RULE_MESSAGES.guestOrderValue(5_000_00),
      problems: [],
    });
    const many = orderRequest({ lines: [{ productId: fx.ids.salt, qty: 6 }] });
    const refused = await placeOrder(database.db, store, many);
    expect(refused).toMatchObject({ ok: false, status: 422 });
    if (refused.ok) throw new Error("placed");
    expect(refused.error).toMatch(/: at most 5 can be ordered without signing in\./);
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before);
  });

  it("a COD order above the amount waits for its code, holding its stock; the right code confirms it once", async () => {
    const phone = newPhone();
    const before = (await stockOf(database.db, fx.ids.rice)) ?? 0;
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 2 }], address: makeCheckoutAddress({ phone }) }),
    );
    if (!placed.ok) throw new Error(placed.error);
    expect(placed.order.confirmBy).not.toBeNull();
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before - 2);
    const [waiting] = await database.db.select().from(orders).where(eq(orders.id, placed.order.orderId));
    expect(waiting?.codeConfirmBy?.toISOString()).toBe(placed.order.confirmBy);

    expect(await sendOrderCode(deps(), fx.store, placed.order.orderId, "198.51.100.7")).toMatchObject({ ok: true });
    const code = await lastCode(phone);
    const [message] = await database.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone));
    expect(message?.body).toBe(
      `${code} is your code to confirm ${fx.store.title} order ${placed.order.orderNumber} of ₹4,849, cash on delivery. Do not share it with anyone.`,
    );
    // A sign-in with this code does not work, nor does a wrong code confirm.
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmOrderByCode(deps(), fx.store.id, placed.order.orderId, wrong, "198.51.100.7")).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await confirmOrderByCode(deps(), fx.store.id, placed.order.orderId, code, "198.51.100.7")).toEqual({
      ok: true,
    });
    const [confirmed] = await database.db.select().from(orders).where(eq(orders.id, placed.order.orderId));
    expect(confirmed).toMatchObject({ codeConfirmBy: null, status: "Pending", stockReleasedAt: null });
    // Used once: the same code again changes nothing.
    expect(await confirmOrderByCode(deps(), fx.store.id, placed.order.orderId, code, "198.51.100.7")).toMatchObject({
      ok: false,
      error: "This order is not waiting for a code.",
    });
    // The job leaves a confirmed order alone.
    expect(await releaseUnconfirmedOrders(database.db, new Date(Date.now() + 24 * 3_600_000))).toBe(0);
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before - 2);
  });

  it("an order not confirmed in time is cancelled and gives its stock back once, even with two jobs at once", async () => {
    const phone = newPhone();
    const before = (await stockOf(database.db, fx.ids.rice)) ?? 0;
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 3 }], address: makeCheckoutAddress({ phone }) }),
    );
    if (!placed.ok) throw new Error(placed.error);
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before - 3);
    const later = new Date(Date.now() + (fx.store.orderRules.codCodeMinutes + 1) * 60_000);
    const runs = await Promise.all([
      releaseUnconfirmedOrders(database.db, later),
      releaseUnconfirmedOrders(database.db, later),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.order.orderId));
    expect(order).toMatchObject({ status: "Cancelled", paymentStatus: "voided", codeConfirmBy: null });
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.order.orderId));
    expect(events.map((e) => e.kind).sort()).toEqual(["status", "stock-released"]);
    // A code given afterwards confirms nothing.
    expect(await confirmOrderByCode(deps(), fx.store.id, placed.order.orderId, "123456", "198.51.100.7")).toEqual({
      ok: false,
      status: 401,
      error: "This order was cancelled because it was not confirmed in time. Please place it again.",
    });
  });

  it("no code for a small COD order, an online one, or a signed-in customer ordering to the phone they proved", async () => {
    const small = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.salt, qty: 2 }] }),
    );
    expect(small).toMatchObject({ ok: true, order: { confirmBy: null } });
    const store = await updateStoreSettings(database.db, fx.store.id, { orderRules: { codCodeAbove: 0 } });
    const any = await placeOrder(database.db, store, orderRequest({ lines: [{ productId: fx.ids.salt, qty: 1 }] }));
    if (!any.ok) throw new Error(any.error);
    expect(any.order.confirmBy).not.toBeNull();
    await updateStoreSettings(database.db, fx.store.id, { orderRules: { codCodeAbove: 3_000_00 } });

    const phone = newPhone();
    const [me] = await database.db.insert(customers).values({ storeId: fx.store.id, phone }).returning();
    if (!me) throw new Error("no customer");
    const big = orderRequest({ lines: [{ productId: fx.ids.rice, qty: 2 }], address: makeCheckoutAddress({ phone }) });
    const mine = await placeOrder(database.db, fx.store, big, { customerId: me.id, signedInPhone: phone });
    expect(mine).toMatchObject({ ok: true, order: { confirmBy: null } });
    // Signed in, but to another phone: that phone proves nothing yet.
    const other = orderRequest({
      lines: [{ productId: fx.ids.rice, qty: 2 }],
      address: makeCheckoutAddress({ phone: newPhone() }),
    });
    const elsewhere = await placeOrder(database.db, fx.store, other, { customerId: me.id, signedInPhone: phone });
    if (!elsewhere.ok) throw new Error(elsewhere.error);
    expect(elsewhere.order.confirmBy).not.toBeNull();
  });
});
