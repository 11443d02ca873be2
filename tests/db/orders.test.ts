import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, idempotencyKeys, orderItems, orders, productSizes, products } from "../../app/db/schema";
import { makeCheckoutAddress, makeProduct } from "../../app/demo/factories";
import { INVALID_COUPON_MESSAGE } from "../../app/modules/checkout/coupons";
import { addressFormSchema, addressSnapshot, CHECKOUT_MESSAGES } from "../../app/modules/checkout/schema";
import { PLACE_ORDER_MESSAGES, placeOrder } from "../../app/modules/orders/place-order.server";
import { type OrderRecord, recordOrder } from "../../app/modules/orders/record-order.server";
import type { StockTake } from "../../app/modules/orders/stock.server";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

describe.each(databaseKinds)("placing COD orders on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const orderCount = async () => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.storeId, fx.store.id));
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `orders-${kind}`);
  });
  afterAll(() => database.close());

  it("prices the order itself and records every field, with stock taken", async () => {
    const before = await stockOf(database.db, fx.ids.butter);
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [
          { productId: fx.ids.butter, qty: 6, expectedUnitPrice: 262_00 },
          { productId: fx.ids.salt, qty: 3 },
        ],
      }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    // 6 x ₹262 (tier 2) + 3 x ₹25 = ₹1,647; Vashi (400703) band ₹1,000-4,999 = ₹49.
    expect(outcome.order.grandTotal).toBe(1647_00 + 49_00);
    expect(outcome.order.orderNumber).toMatch(/^\d{6}[0-9A-Z]{8}$/);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, outcome.order.orderId));
    expect(order).toMatchObject({
      status: "Pending",
      paymentStatus: "pending",
      paymentMethod: "COD",
      channel: "Online Store",
      subtotal: 1647_00,
      discount: 0,
      shipping: 49_00,
      grandTotal: 1696_00,
      shippingType: "Pincode Rate",
      phone: "9820012345",
      email: "asha@spiceroute-caterers.in",
      paidAt: null,
    });
    expect(order?.customerAddress).toMatchObject({ firstName: "Asha Rani", lastName: "Patil", pin: "400703" });
    const items = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, outcome.order.orderId))
      .orderBy(orderItems.position);
    expect(items.map((i) => [i.name, i.quantity, i.unitPrice, i.total])).toEqual([
      ["Amul Butter 500 g", 6, 262_00, 1572_00],
      ["Tata Salt 1 kg", 3, 25_00, 75_00],
    ]);
    expect(await stockOf(database.db, fx.ids.butter)).toBe((before ?? 0) - 6);
  });

  it("ignores what the browser thinks a price is, and reports a changed price by name", async () => {
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 1, expectedUnitPrice: 1_00 }] }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 409,
      error: "The price of India Gate Basmati Rice 25 kg has changed from ₹1 to ₹2,400 each.",
    });
  });

  it("applies coupons by the spec's rules and refuses one whose conditions fail", async () => {
    const flat = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 1 }], coupon: " flat100 " }),
    );
    if (!flat.ok) throw new Error(flat.error);
    // ₹2,400 − ₹100 = ₹2,300, band ₹1,000-4,999 in Vashi: ₹49.
    expect(flat.order.grandTotal).toBe(2300_00 + 49_00);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, flat.order.orderId));
    expect(row).toMatchObject({ couponCode: "FLAT100", discount: 100_00 });

    const count = await orderCount();
    const failing = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.salt, qty: 2 }], coupon: "FLAT100" }),
    );
    expect(failing).toEqual({ ok: false, status: 422, error: INVALID_COUPON_MESSAGE, problems: [] });
    expect(await orderCount()).toBe(count);
  });

  it("gives free shipping from the threshold after discount", async () => {
    // 4 x ₹2,400 = ₹9,600; SAVE10 caps at ₹500: ₹9,100 ≥ ₹7,500.
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 4 }], coupon: "SAVE10" }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, outcome.order.orderId));
    expect(row).toMatchObject({
      subtotal: 9600_00,
      discount: 500_00,
      shipping: 0,
      grandTotal: 9100_00,
      shippingType: "Free Shipping (Threshold)",
    });
  });

  it("refuses a pincode the store does not deliver to", async () => {
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 1 }],
        address: makeCheckoutAddress({ pincode: "110001", city: "New Delhi", state: "Delhi" }),
      }),
    );
    expect(outcome).toMatchObject({ ok: false, status: 422, error: CHECKOUT_MESSAGES.notServiceable });
  });

  it("refuses inactive and unknown products, naming them, and creates nothing", async () => {
    const count = await orderCount();
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [
          { productId: fx.ids.retired, qty: 1 },
          { productId: randomUUID(), qty: 1 },
        ],
      }),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((p) => p.message)).toEqual([
      "Old Ghee Tin 15 kg is no longer available. Please remove it from your cart.",
      "An item in your cart is no longer sold. Please remove it from your cart.",
    ]);
    expect(await orderCount()).toBe(count);
  });

  it("sums two lines of one product before checking stock", async () => {
    const left = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [
          { productId: fx.ids.butter, qty: left },
          { productId: fx.ids.butter, qty: 1 },
        ],
      }),
    );
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    if (!outcome.ok) expect(outcome.problems[0]?.message).toMatch(/^Only \d+ of Amul Butter 500 g are left/);
    expect(await stockOf(database.db, fx.ids.butter)).toBe(left);
  });

  it("takes sized stock from the size and the product's total, and needs a size", async () => {
    const noSize = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.cups, qty: 1 }] }),
    );
    expect(noSize).toMatchObject({ ok: false, error: "Please choose a size for Paper Tea Cups." });

    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.cups, size: "150 ml", qty: 4 }] }),
    );
    expect(outcome.ok).toBe(true);
    const sizes = await database.db
      .select({ label: productSizes.label, inventory: productSizes.inventory })
      .from(productSizes)
      .where(eq(productSizes.productId, fx.ids.cups))
      .orderBy(productSizes.position);
    expect(sizes).toEqual([
      { label: "150 ml", inventory: 6 },
      { label: "250 ml", inventory: 20 },
    ]);
    expect(await stockOf(database.db, fx.ids.cups)).toBe(26);

    const tooMany = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.cups, size: "150 ml", qty: 7 }] }),
    );
    expect(tooMany).toMatchObject({
      ok: false,
      error: "Only 6 of Paper Tea Cups (150 ml) are left. Please lower the quantity.",
    });
  });

  it("a guest's order with a customer's phone changes nothing of theirs, even with 'Save address' (issue 53)", async () => {
    const phone = "9876500001";
    const [victim] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone, firstName: "Asha", lastName: "Patil", address: "Plot 9", city: "Pune" })
      .returning();
    if (!victim) throw new Error("no customer");
    const attack = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 1 }],
        saveAddress: true,
        address: makeCheckoutAddress({
          phone,
          fullName: "Some One",
          email: "x@evil.example",
          addressLine1: "Elsewhere",
        }),
      }),
    );
    if (!attack.ok) throw new Error("order failed");
    const [after] = await database.db.select().from(customers).where(eq(customers.id, victim.id));
    expect(after).toMatchObject({ firstName: "Asha", lastName: "Patil", address: "Plot 9", city: "Pune", email: null });
    // The order is linked to the phone's customer, marked as a guest's (ADR 0052).
    const [order] = await database.db.select().from(orders).where(eq(orders.id, attack.order.orderId));
    expect(order).toMatchObject({ customerId: victim.id, signedIn: false });

    // A guest's phone nobody has signed in with makes no customer record.
    const unsaved = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 1 }],
        address: makeCheckoutAddress({ phone: "9876500002" }),
      }),
    );
    expect(unsaved.ok).toBe(true);
    const none = await database.db.select().from(customers).where(eq(customers.phone, "9876500002"));
    expect(none).toHaveLength(0);
  });

  it("a signed-in customer's 'Save address' updates their own record, and the order is marked as theirs", async () => {
    const [me] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone: "9876500003", firstName: "Old", companyName: "Hotel Sagar" })
      .returning({ id: customers.id });
    if (!me) throw new Error("no customer");
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 1 }],
        address: makeCheckoutAddress({ phone: "9876500003", fullName: "Asha Patil", addressLine1: "Plot 9" }),
      }),
      { customerId: me.id },
    );
    if (!placed.ok) throw new Error(placed.error);
    const [row] = await database.db.select().from(customers).where(eq(customers.id, me.id));
    expect(row).toMatchObject({ firstName: "Asha", lastName: "Patil", address: "Plot 9" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.order.orderId));
    expect(order).toMatchObject({ customerId: me.id, signedIn: true });
  });

  it("returns the first order for a repeated idempotency key, and refuses the key with another body", async () => {
    const key = `test-${randomUUID()}`;
    const request = orderRequest({ lines: [{ productId: fx.ids.rice, qty: 2 }] });
    const first = await placeOrder(database.db, fx.store, request, { idempotencyKey: key });
    const again = await placeOrder(database.db, fx.store, request, { idempotencyKey: key });
    if (!first.ok || !again.ok) throw new Error("orders failed");
    expect(again.replayed).toBe(true);
    expect(again.order).toEqual(first.order);
    const other = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.rice, qty: 3 }] }),
      { idempotencyKey: key },
    );
    expect(other).toEqual({ ok: false, status: 422, error: PLACE_ORDER_MESSAGES.keyReused, problems: [] });
  });
  it("updates a signed-in customer's own record with 'Save address', keeping the phone and an unsaid email", async () => {
    const [me] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone: "9876500010", firstName: "Old", email: "me@hotel.in", city: "Pune" })
      .returning({ id: customers.id });
    if (!me) throw new Error("no customer");
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 1 }],
        address: makeCheckoutAddress({ phone: "9876500011", fullName: "New Name", email: "", city: "Thane" }),
      }),
      { customerId: me.id },
    );
    if (!placed.ok) throw new Error(placed.error);
    const [row] = await database.db.select().from(customers).where(eq(customers.id, me.id));
    expect(row).toMatchObject({
      phone: "9876500010",
      firstName: "New",
      lastName: "Name",
      email: "me@hotel.in",
      city: "Thane",
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.order.orderId));
    expect(order?.customerId).toBe(me.id);
    // The form's phone did not become a second customer.
    expect(await database.db.select().from(customers).where(eq(customers.phone, "9876500011"))).toEqual([]);
  });

  it("returns the first order to a retry after that order took the last units", async () => {
    const left = (await stockOf(database.db, fx.ids.cups)) ?? 0;
    const size250 = await database.db
      .select({ inventory: productSizes.inventory })
      .from(productSizes)
      .where(and(eq(productSizes.productId, fx.ids.cups), eq(productSizes.label, "250 ml")));
    const units = size250[0]?.inventory ?? 0;
    expect(units).toBeGreaterThan(0);
    const key = `last-units-${randomUUID()}`;
    const request = orderRequest({ lines: [{ productId: fx.ids.cups, size: "250 ml", qty: units }] });
    const first = await placeOrder(database.db, fx.store, request, { idempotencyKey: key });
    const retry = await placeOrder(database.db, fx.store, request, { idempotencyKey: key });
    if (!first.ok || !retry.ok) throw new Error("the retry was refused");
    expect(retry).toEqual({ ok: true, replayed: true, order: first.order });
    expect(await stockOf(database.db, fx.ids.cups)).toBe(left - units);
  });

  describe("recording an order is all or nothing", () => {
    /** An order record as placeOrder makes it, for stock that changed after the cart was priced. */
    const phone = "9000000042";
    const address = addressSnapshot(addressFormSchema.parse(makeCheckoutAddress({ phone, email: "" })));
    const record = (take: StockTake, key: string): OrderRecord => ({
      storeId: fx.store.id,
      orderId: randomUUID(),
      orderNumber: `T${Date.now()}`,
      idempotency: { scope: "order", key, requestHash: "test", response: { order: "test" } },
      take,
      customer: { kind: "by-phone" },
      order: {
        phone,
        email: null,
        paymentMethod: "COD",
        subtotal: 100_00,
        discount: 0,
        shipping: 0,
        grandTotal: 100_00,
        shippingType: "Free",
        couponCode: null,
        customerAddress: address,
        accessTokenHash: "test",
        codeConfirmBy: null,
      },
      items: [],
    });
    const stockNow = async () => ({
      rice: await stockOf(database.db, fx.ids.rice),
      butter: await stockOf(database.db, fx.ids.butter),
    });
    const nothingWritten = async (key: string, before: { rice: number | null; butter: number | null }) => {
      expect(await stockOf(database.db, fx.ids.rice)).toBe(before.rice);
      expect(await stockOf(database.db, fx.ids.butter)).toBe(before.butter);
      const keys = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(keys).toEqual([]);
      const saved = await database.db.select().from(customers).where(eq(customers.phone, phone));
      expect(saved).toEqual([]);
    };

    it("takes no stock, key, customer or order when one product is short", async () => {
      const before = await stockNow();
      const count = await orderCount();
      const key = `short-${randomUUID()}`;
      const outcome = await recordOrder(
        database.db,
        record(
          {
            counted: [
              { productId: fx.ids.rice, qty: 1 },
              { productId: fx.ids.butter, qty: (before.butter ?? 0) + 1 },
            ],
            sizeTotals: [],
            sizes: [],
          },
          key,
        ),
      );
      expect(outcome).toEqual({ stockOk: false, placed: false });
      await nothingWritten(key, before);
      expect(await orderCount()).toBe(count);
    });

    it("takes nothing when a product went off sale or a size went away after pricing", async () => {
      const before = await stockNow();
      const offSale = `off-sale-${randomUUID()}`;
      const retired = await recordOrder(
        database.db,
        record(
          {
            counted: [
              { productId: fx.ids.rice, qty: 1 },
              { productId: fx.ids.retired, qty: 1 },
            ],
            sizeTotals: [],
            sizes: [],
          },
          offSale,
        ),
      );
      expect(retired).toEqual({ stockOk: false, placed: false });
      await nothingWritten(offSale, before);

      const goneSize = `gone-size-${randomUUID()}`;
      const sizeless = await recordOrder(
        database.db,
        record(
          {
            counted: [{ productId: fx.ids.rice, qty: 1 }],
            sizeTotals: [{ productId: fx.ids.cups, qty: 1 }],
            sizes: [{ productId: fx.ids.cups, label: "500 ml", units: 1 }],
          },
          goneSize,
        ),
      );
      expect(sizeless).toEqual({ stockOk: false, placed: false });
      await nothingWritten(goneSize, before);
    });
  });
});

describe.each(databaseKinds)("orders under concurrency on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `concurrency-${kind}`, [
      makeProduct({ name: "Madhur Sugar 50 kg", inventory: 1000, trackInventory: true }),
    ]);
  });
  afterAll(() => database.close());

  it("sells exactly 50 units to 200 shoppers racing for 50, and never goes below zero", async () => {
    expect(await stockOf(database.db, fx.ids.butter)).toBe(50);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(
          database.db,
          fx.store,
          orderRequest({
            lines: [{ productId: fx.ids.butter, qty: 1 }],
            address: makeCheckoutAddress({ phone: `98${String(10_000_000 + i)}` }),
          }),
          { idempotencyKey: `race-${kind}-${i}-${randomUUID()}` },
        ),
      ),
    );
    const sold = outcomes.filter((o) => o.ok);
    const refused = outcomes.filter((o) => !o.ok);
    expect(sold).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r).toMatchObject({ ok: false, status: 409 });
      if (!r.ok) expect(r.error).toMatch(/Amul Butter 500 g is sold out|Please review them and try again/);
    }
    expect(await stockOf(database.db, fx.ids.butter)).toBe(0);
    const [units] = await database.db
      .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, fx.ids.butter));
    expect(units?.n).toBe(50);
  });

  it("creates one order for 100 concurrent submissions with one idempotency key", async () => {
    const key = `double-click-${randomUUID()}`;
    const request = orderRequest({ lines: [{ productId: fx.ids.rice, qty: 1 }] });
    const before = await stockOf(database.db, fx.ids.rice);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => placeOrder(database.db, fx.store, request, { idempotencyKey: key })),
    );
    const ids = new Set(outcomes.map((o) => (o.ok ? o.order.orderId : `refused: ${o.error}`)));
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).not.toMatch(/^refused/);
    expect(await stockOf(database.db, fx.ids.rice)).toBe((before ?? 0) - 1);
  });
  it("never deadlocks two orders that hold the same products in opposite order", async () => {
    const [sugar] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, fx.store.id), eq(products.name, "Madhur Sugar 50 kg")));
    if (!sugar) throw new Error("no sugar on the shelf");
    const sugarId = sugar.id;
    const before = { rice: await stockOf(database.db, fx.ids.rice), sugar: await stockOf(database.db, sugarId) };
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const pair = [
          { productId: fx.ids.rice, qty: 1 },
          { productId: sugarId, qty: 1 },
        ];
        return placeOrder(
          database.db,
          fx.store,
          orderRequest({
            lines: i % 2 === 0 ? pair : pair.reverse(),
            address: makeCheckoutAddress({ phone: `97${String(10_000_000 + i)}` }),
          }),
          { idempotencyKey: `pair-${kind}-${i}-${randomUUID()}` },
        );
      }),
    );
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(await stockOf(database.db, fx.ids.rice)).toBe((before.rice ?? 0) - 60);
    expect(await stockOf(database.db, sugarId)).toBe((before.sugar ?? 0) - 60);
  });
});
