import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { coupons, couponUses, orders } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { INVALID_COUPON_MESSAGE } from "../../app/modules/checkout/coupons";
import { couponFormSchema, deleteCoupon, saveCoupon } from "../../app/modules/console/coupons.server";
import { type Actor, moveOrder } from "../../app/modules/console/fulfilment.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createOrderFixture, type OrderFixture, orderRequest, staffActor, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * A store's own coupons (issue 56), on both databases: created in the console, applied at the
 * checkout, and their uses counted with the order, so that of 50 shoppers after a coupon's last
 * 10 uses exactly 10 get it, and an order that is not placed gives its use back.
 */
describe.each(databaseKinds)("coupons on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;

  const create = async (fields: Record<string, string>) => {
    const saved = await saveCoupon(database.db, actor, null, couponFormSchema.parse({ active: "on", ...fields }));
    if (!saved.ok) throw new Error(saved.error);
    return saved.id;
  };
  const order = (coupon: string, phone = "9820000001", qty = 1, productId = fx.ids.salt) =>
    placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId, qty }], coupon, address: makeCheckoutAddress({ phone }) }),
    );
  const usesOf = async (id: string) =>
    (await database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]?.uses;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `coupons-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `coupons-${kind}@shop.in`);
  });
  afterAll(() => database.close());

  it("gives exactly the last 10 uses to 10 of 50 shoppers ordering at once", { timeout: 120_000 }, async () => {
    const id = await create({ code: "LAST10", kind: "flat", value: "20", maxUses: "25" });
    await database.db.update(coupons).set({ uses: 15 }).where(eq(coupons.id, id));
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => order("last10", `98200${String(index).padStart(5, "0")}`)),
    );
    const placed = outcomes.filter((outcome) => outcome.ok);
    expect(placed).toHaveLength(10);
    for (const outcome of outcomes.filter((o) => !o.ok)) {
      expect(outcome).toMatchObject({ ok: false, status: 422, error: INVALID_COUPON_MESSAGE });
    }
    expect(await usesOf(id)).toBe(25);
    const withIt = await database.db
      .select({ discount: orders.discount })
      .from(orders)
      .where(and(eq(orders.storeId, fx.store.id), eq(orders.couponCode, "LAST10")));
    expect(withIt).toHaveLength(10);
    expect(withIt.every((row) => row.discount === 20_00)).toBe(true);
  });

  it("limits each phone to its uses, and gives the use back of an order that is not placed", async () => {
    const id = await create({ code: "ONCE", kind: "percent", value: "10", perCustomer: "1" });
    expect(await order("ONCE", "9820011111")).toMatchObject({ ok: true });
    expect(await order("once", "9820011111")).toMatchObject({ ok: false, error: INVALID_COUPON_MESSAGE });
    expect(await order("ONCE", "9820022222")).toMatchObject({ ok: true });
    expect(await usesOf(id)).toBe(2);

    // More butter than the shelf holds: refused for its stock, and the coupon's use is not spent.
    const stock = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    const short = await order("ONCE", "9820033333", stock + 1, fx.ids.butter);
    expect(short).toMatchObject({ ok: false, status: 409 });
    expect(await usesOf(id)).toBe(2);
    const mine = await database.db
      .select()
      .from(couponUses)
      .where(and(eq(couponUses.couponId, id), eq(couponUses.phone, "9820033333")));
    expect(mine).toEqual([]);
    expect(await order("ONCE", "9820033333")).toMatchObject({ ok: true });
  });

  it("gives a cancelled order's use back, to the coupon and to its phone, once", async () => {
    const id = await create({ code: "LASTONE", kind: "flat", value: "30", maxUses: "1", perCustomer: "1" });
    const placed = await order("LASTONE", "9820044444");
    if (!placed.ok) throw new Error(placed.error);
    expect(await order("LASTONE", "9820055555")).toMatchObject({ ok: false, error: INVALID_COUPON_MESSAGE });

    const cancel = () =>
      moveOrder(database.db, actor, { orderId: placed.order.orderId, to: "Cancelled", seenStatus: "Pending" });
    expect(await cancel()).toMatchObject({ ok: true });
    expect(await usesOf(id)).toBe(0);
    const mine = await database.db
      .select({ uses: couponUses.uses })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, id), eq(couponUses.phone, "9820044444")));
    expect(mine).toEqual([{ uses: 0 }]);
    // The use is free again: for another shopper, or for the same one ordering again.
    expect(await order("LASTONE", "9820044444")).toMatchObject({ ok: true });
    expect(await usesOf(id)).toBe(1);
    // Cancelling the first order again gives nothing back a second time.
    await cancel();
    expect(await usesOf(id)).toBe(1);
  });

  it("keeps a used coupon, refuses a limit below its uses, and applies no coupon that is off", async () => {
    const id = await create({ code: "KEEP", kind: "flat", value: "10" });
    expect(await order("KEEP")).toMatchObject({ ok: true });
    expect(await deleteCoupon(database.db, actor, id)).toEqual({
      ok: false,
      error: "It was used on 1 orders: turn it off (untick Active) instead.",
    });
    // At most 0 orders, with 1 used: refused at its field.
    const form = couponFormSchema.parse({ code: "KEEP", kind: "flat", value: "10", active: "on" });
    expect(await saveCoupon(database.db, actor, id, { ...form, maxUses: 0 })).toMatchObject({
      ok: false,
      field: "maxUses",
    });
    // Turned off (Active unticked): no longer applies.
    const off = couponFormSchema.parse({ code: "KEEP", kind: "flat", value: "10" });
    expect(await saveCoupon(database.db, actor, id, off)).toEqual({ ok: true, id });
    expect(await order("KEEP")).toMatchObject({ ok: false, error: INVALID_COUPON_MESSAGE });
    // A second coupon of the same code is refused at its field.
    expect(
      await saveCoupon(database.db, actor, null, couponFormSchema.parse({ code: "keep", kind: "flat", value: "5" })),
    ).toEqual({ ok: false, field: "code", error: "This store has a coupon with this code already." });
    const unused = await create({ code: "GONE", kind: "flat", value: "5" });
    expect(await deleteCoupon(database.db, actor, unused)).toEqual({ ok: true });
  });
});
