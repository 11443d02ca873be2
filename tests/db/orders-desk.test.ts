import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, orders } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { listCustomers, loadCustomer } from "../../app/modules/console/customers.server";
import { indiaDay } from "../../app/modules/console/dashboard";
import { forgetPastDays, loadDashboard } from "../../app/modules/console/dashboard.server";
import { EXPORT_COLUMNS, exportOrders } from "../../app/modules/console/export.server";
import { NO_FILTERS } from "../../app/modules/console/order-filters";
import { loadSlips } from "../../app/modules/console/slips.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createOrderFixture, type OrderFixture, orderRequest } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** The orders desk's print and export (issue 54) on both databases. */
describe.each(databaseKinds)("the orders desk's slips and export on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const placed: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `desk-${kind}`);
    for (const qty of [1, 2, 3]) {
      const order = await placeOrder(
        database.db,
        fx.store,
        orderRequest({
          lines: [
            { productId: fx.ids.butter, qty },
            { productId: fx.ids.cups, qty: 1, size: "250 ml" },
          ],
        }),
      );
      if (!order.ok) throw new Error(order.error);
      placed.push(order.order.orderId);
    }
  });
  afterAll(() => database.close());

  async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
    // Response.text() would drop the byte-order mark, which is what this test checks is there.
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
  }

  it("exports one row per line item, with a byte-order mark, in batches as it is read", async () => {
    const csv = await text(exportOrders(database.db, fx.store.id, NO_FILTERS));
    expect(csv.startsWith("\uFEFFOrder number,Placed (IST),Status")).toBe(true);
    const lines = parse(csv.slice(1)) as string[][];
    expect(lines[0]).toEqual([...EXPORT_COLUMNS]);
    expect(lines).toHaveLength(1 + 3 * 2);
    const first = lines[1] ?? [];
    expect(first[2]).toBe("Pending");
    expect(first[3]).toBe("Cash on Delivery");
    expect(first).toContain("Amul Butter 500 g");
    // Newest first: the third order's three butters lead.
    expect(first[16]).toBe("3");
    expect(first[17]).toBe("268.00");
    const none = await text(exportOrders(database.db, fx.store.id, { ...NO_FILTERS, paymentMethod: "ONLINE" }));
    expect(parse(none.slice(1))).toHaveLength(1);
  });

  it("makes a slip for each order asked, each with its QR code, and none for another store's or a bad id", async () => {
    const slips = await loadSlips(database.db, fx.store.id, [placed[0] ?? "", "not-an-id", placed[0] ?? ""]);
    expect(slips).toHaveLength(1);
    expect(slips[0]?.items.map((i) => [i.name, i.size, i.quantity])).toEqual([
      ["Amul Butter 500 g", null, 1],
      ["Paper Tea Cups", "250 ml", 1],
    ]);
    // Version 1 (21 modules) holds a 14-character order number at level M.
    expect(slips[0]?.qr.size).toBe(21);
    expect(slips[0]?.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(await loadSlips(database.db, "00000000-0000-4000-8000-000000000000", placed)).toEqual([]);
  });

  it("lists customers with their orders and what they spent, searched by name or phone", async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone: "9820077777", firstName: "Hotel", lastName: "Sagar" })
      .returning({ id: customers.id });
    if (!customer) throw new Error("no customer");
    const order = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.rice, qty: 1 }],
        saveAddress: false,
        address: { ...makeCheckoutAddress(), phone: "9820077777" },
      }),
      { customerId: customer.id, signedInPhone: "9820077777" },
    );
    if (!order.ok) throw new Error(order.error);
    const byName = await listCustomers(database.db, fx.store.id, "sagar", null);
    expect(byName.rows.map((r) => [r.name, r.phone, r.orders])).toEqual([["Hotel Sagar", "9820077777", 1]]);
    expect(byName.rows[0]?.spent).toBe(order.order.grandTotal);
    expect((await listCustomers(database.db, fx.store.id, "98200 77777", null)).rows).toHaveLength(1);
    expect((await listCustomers(database.db, fx.store.id, "nobody", null)).rows).toEqual([]);
    const page = await loadCustomer(database.db, fx.store.id, customer.id);
    expect(page?.orders.map((o) => o.id)).toEqual([order.order.orderId]);
    expect(await loadCustomer(database.db, "00000000-0000-4000-8000-000000000000", customer.id)).toBeNull();
  });

  it("the dashboard reads today afresh and the month's past days at most every five minutes", async () => {
    forgetPastDays();
    const before = await loadDashboard(database.db, fx.store.id);
    expect(before.series).toHaveLength(30);
    expect(before.series.at(-1)).toEqual({ day: indiaDay(new Date()), ...before.today });
    expect(before.today.orders).toBeGreaterThanOrEqual(3);
    expect(before.recent.length).toBe(Math.min(10, before.today.orders));

    // An order of three days ago leaves today's bar at once, and joins its own day when the past is read again.
    const [moved] = await database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(orders.id, placed[0] ?? ""))
      .returning({ total: orders.grandTotal, createdAt: orders.createdAt });
    if (!moved) throw new Error("no order moved");
    const threeDaysAgo = indiaDay(moved.createdAt);
    const cached = await loadDashboard(database.db, fx.store.id);
    expect(cached.today.orders).toBe(before.today.orders - 1);
    expect(cached.series.find((d) => d.day === threeDaysAgo)).toEqual({ day: threeDaysAgo, orders: 0, takings: 0 });
    forgetPastDays();
    const fresh = await loadDashboard(database.db, fx.store.id);
    expect(fresh.series.find((d) => d.day === threeDaysAgo)).toEqual({
      day: threeDaysAgo,
      orders: 1,
      takings: moved.total,
    });
  });
});
