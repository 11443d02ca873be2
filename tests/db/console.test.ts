import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog, orders } from "../../app/db/schema";
import { moveOrder, recordCashCollected } from "../../app/modules/console/fulfilment.server";
import { NO_FILTERS } from "../../app/modules/console/order-filters";
import { listConsoleOrders, newOrdersSince, statusCounts } from "../../app/modules/console/orders.server";
import { TRANSITION_MESSAGES } from "../../app/modules/console/transitions";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { STAFF_MESSAGES } from "../../app/modules/staff/messages";
import {
  addStaff,
  linkFor,
  readStaffSession,
  redeemPasswordLink,
  revokeAllSessions,
  signIn,
} from "../../app/modules/staff/staff.server";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** The console's foundation (issue 54) on both databases: staff accounts, sign-in, the orders desk. */
describe.each(databaseKinds)("the console on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const password = "tea-masala-ginger";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `console-${kind}`);
  });
  afterAll(() => database.close());

  it("a one-time link chooses a password once; sign-in answers an unknown email and a wrong password alike", async () => {
    const { token } = await addStaff(database.db, fx.store.id, { email: "Owner@Shop.in", role: "owner", name: "Asha" });
    expect(await linkFor(database.db, fx.store.id, token)).toMatchObject({ email: "owner@shop.in" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.5");
    if (!used.ok) throw new Error(used.error);
    // Used once.
    expect(await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.5")).toEqual({
      ok: false,
      error: STAFF_MESSAGES.linkInvalid,
    });
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    expect(member).toMatchObject({ email: "owner@shop.in", role: "owner", name: "Asha" });

    const wrong = await signIn(database.db, fx.store.id, "owner@shop.in", "not-the-password", "203.0.113.6");
    const unknown = await signIn(database.db, fx.store.id, "nobody@shop.in", password, "203.0.113.6");
    expect(wrong).toEqual({ ok: false, status: 401, error: STAFF_MESSAGES.wrongSignIn });
    expect(unknown).toEqual(wrong);
    const right = await signIn(database.db, fx.store.id, " OWNER@shop.in ", password, "203.0.113.6");
    if (right.ok !== true) throw new Error("not signed in");
    expect(right.sessionToken).not.toBe(used.sessionToken);

    // Sign-out everywhere ends both sessions.
    if (!member) throw new Error("no member");
    expect(await revokeAllSessions(database.db, member.id)).toBe(2);
    expect(await readStaffSession(database.db, fx.store.id, right.sessionToken)).toBeNull();
    // A duplicate account is refused.
    await expect(addStaff(database.db, fx.store.id, { email: "owner@shop.in", role: "staff" })).rejects.toThrow(
      STAFF_MESSAGES.exists,
    );
  });

  it("limits sign-in attempts per account: the eleventh in 15 minutes is refused, even with the right password", async () => {
    const { token } = await addStaff(database.db, fx.store.id, { email: "packer@shop.in", role: "staff" });
    await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.7");
    const t0 = new Date(Math.floor(Date.now() / 900_000) * 900_000 + 1_000);
    for (let i = 0; i < 10; i++) {
      expect(await signIn(database.db, fx.store.id, "packer@shop.in", "guess", `198.51.100.${i}`, t0)).toMatchObject({
        status: 401,
      });
    }
    const locked = await signIn(database.db, fx.store.id, "packer@shop.in", password, "198.51.100.99", t0);
    expect(locked).toMatchObject({ ok: false, status: 429 });
  });

  it("moves an order through the workflow, once, with its audit log; a stale page is told what changed", async () => {
    const { token } = await addStaff(database.db, fx.store.id, { email: "desk@shop.in", role: "staff" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.8");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");
    const actor = { member, ip: "203.0.113.8" };
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.salt, qty: 2 }] }),
    );
    if (!placed.ok) throw new Error(placed.error);
    const id = placed.order.orderId;

    // Two staff confirm at once: one transition, the other sees it done.
    const [a, b] = await Promise.all([
      moveOrder(database.db, actor, { orderId: id, to: "Confirmed", seenStatus: "Pending" }),
      moveOrder(database.db, actor, { orderId: id, to: "Confirmed", seenStatus: "Pending" }),
    ]);
    expect([a, b].map((o) => o.ok && o.already).sort()).toEqual([false, true]);
    // A page still showing Pending that tries to cancel is told the order moved on.
    expect(await moveOrder(database.db, actor, { orderId: id, to: "Cancelled", seenStatus: "Pending" })).toEqual({
      ok: false,
      status: 409,
      error: TRANSITION_MESSAGES.changed("Confirmed"),
      now: "Confirmed",
    });
    expect(await moveOrder(database.db, actor, { orderId: id, to: "Delivered", seenStatus: "Confirmed" })).toEqual({
      ok: false,
      status: 422,
      error: "An order that is Confirmed cannot be marked Delivered.",
    });
    await moveOrder(database.db, actor, { orderId: id, to: "Packed", seenStatus: "Confirmed" });
    await moveOrder(database.db, actor, {
      orderId: id,
      to: "Shipped",
      seenStatus: "Packed",
      shipment: { courier: "Delhivery", trackingNumber: "DL123456789IN" },
    });
    // Cash is collected at or after delivery, not before.
    expect(await recordCashCollected(database.db, actor, { orderId: id, amount: 100_00, mode: "upi" })).toMatchObject({
      ok: false,
      status: 422,
    });
    await moveOrder(database.db, actor, { orderId: id, to: "Delivered", seenStatus: "Shipped" });
    expect(await recordCashCollected(database.db, actor, { orderId: id, amount: 100_00, mode: "upi" })).toEqual({
      ok: true,
      already: false,
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      status: "Delivered",
      paymentStatus: "paid",
      courier: "Delhivery",
      trackingNumber: "DL123456789IN",
    });
    const log = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(log.map((l) => l.action).sort()).toEqual([
      "order.cash-collected",
      "order.confirmed",
      "order.delivered",
      "order.packed",
      "order.shipped",
    ]);
    expect(log.every((l) => l.staffEmail === "desk@shop.in" && l.ip === "203.0.113.8")).toBe(true);
  });

  it("cancelling gives the stock back once, to the product it came from", async () => {
    const [member] = [await someMember()];
    const before = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.butter, qty: 3 }] }),
    );
    if (!placed.ok) throw new Error(placed.error);
    expect(await stockOf(database.db, fx.ids.butter)).toBe(before - 3);
    const actor = { member, ip: "203.0.113.9" };
    const cancels = await Promise.all([
      moveOrder(database.db, actor, { orderId: placed.order.orderId, to: "Cancelled", seenStatus: "Pending" }),
      moveOrder(database.db, actor, { orderId: placed.order.orderId, to: "Cancelled", seenStatus: "Pending" }),
    ]);
    expect(cancels.every((c) => c.ok)).toBe(true);
    expect(await stockOf(database.db, fx.ids.butter)).toBe(before);
  });

  it("lists orders newest first, by status and by search, a page at a time without repeats", async () => {
    const counts = await statusCounts(database.db, fx.store.id);
    expect(counts.Delivered).toBe(1);
    expect(counts.Cancelled).toBeGreaterThanOrEqual(1);
    const all = await listConsoleOrders(database.db, fx.store.id, NO_FILTERS);
    const times = all.rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const delivered = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, status: "Delivered" });
    expect(delivered.rows).toHaveLength(1);
    const byNumber = await listConsoleOrders(database.db, fx.store.id, {
      ...NO_FILTERS,
      q: `#${delivered.rows[0]?.orderNumber.toLowerCase()}`,
    });
    expect(byNumber.rows.map((r) => r.id)).toEqual([delivered.rows[0]?.id]);
    const byPhone = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, q: "98200 12345" });
    expect(byPhone.rows.length).toBeGreaterThan(0);
    expect(byPhone.rows.every((r) => r.phone === "9820012345")).toBe(true);
    expect(delivered.rows[0]?.items).toBe(2);

    // Payment method and status, the day in India, the pincode, and the end of a phone.
    const paidCod = await listConsoleOrders(database.db, fx.store.id, {
      ...NO_FILTERS,
      paymentMethod: "COD",
      paymentStatus: "paid",
    });
    expect(paidCod.rows.map((r) => r.id)).toEqual([delivered.rows[0]?.id]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const placedToday = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, from: today, to: today });
    expect(placedToday.rows).toHaveLength(all.rows.length);
    const tomorrow = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, from: "2099-01-01" });
    expect(tomorrow.rows).toEqual([]);
    const pincode = all.rows[0]?.pincode ?? "";
    const byPincode = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, pincode });
    expect(byPincode.rows.length).toBe(all.rows.filter((r) => r.pincode === pincode).length);
    // Words of the name, each as a word's start, in any order and case.
    const byName = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, q: "patil ash" });
    expect(byName.rows.length).toBe(all.rows.length);
    expect((await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, q: "Zubin" })).rows).toEqual([]);
    // A word that could be an order number ("MEENAK") is looked up as both.
    await database.db.execute(
      sql`update orders set customer_address = customer_address || '{"companyName":"Meenakshi Caterers"}'::jsonb where id = ${delivered.rows[0]?.id}`,
    );
    const byWord = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, q: "Meenak" });
    expect(byWord.rows.map((r) => r.id)).toEqual([delivered.rows[0]?.id]);
    const byPhoneEnd = await listConsoleOrders(database.db, fx.store.id, { ...NO_FILTERS, q: "2345" });
    expect(byPhoneEnd.rows.length).toBe(byPhone.rows.length);
    // The newest order the page shows is not new; one placed since is, even within the same millisecond.
    expect(await newOrdersSince(database.db, fx.store.id, NO_FILTERS, all.newest ?? "")).toBe(0);
    const later = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.salt, qty: 1 }] }),
    );
    if (!later.ok) throw new Error(later.error);
    expect(await newOrdersSince(database.db, fx.store.id, NO_FILTERS, all.newest ?? "")).toBe(1);
    expect(
      await newOrdersSince(database.db, fx.store.id, { ...NO_FILTERS, status: "Cancelled" }, all.newest ?? ""),
    ).toBe(0);
  });

  async function someMember() {
    const { token } = await addStaff(database.db, fx.store.id, { email: `m${Date.now()}@shop.in`, role: "staff" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.10");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");
    return member;
  }
});
