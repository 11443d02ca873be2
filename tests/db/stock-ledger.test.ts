import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { productSizes, stockMovements } from "../../app/db/schema";
import { moveOrder } from "../../app/modules/console/fulfilment.server";
import { changeStockByHand, STOCK_MESSAGES } from "../../app/modules/console/stock.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { addStaff, readStaffSession, redeemPasswordLink } from "../../app/modules/staff/staff.server";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * The stock ledger (issue 54) on both databases: every change of counted stock, by import,
 * order, cancellation or hand, is one row, and the rows of a product add up to its count.
 */
describe.each(databaseKinds)("the stock ledger on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Parameters<typeof changeStockByHand>[1];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `ledger-${kind}`);
    const { token } = await addStaff(database.db, fx.store.id, { email: "packer@shop.in", role: "staff" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, "tea-masala-ginger", "203.0.113.20");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");
    actor = { member, ip: "203.0.113.20" };
  });
  afterAll(() => database.close());

  const rowsOf = (productId: string) =>
    database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(asc(stockMovements.createdAt));
  const sum = (rows: Array<{ change: number }>) => rows.reduce((n, r) => n + r.change, 0);

  it("the import's stock, an order and its cancellation are rows that add up to the count", async () => {
    expect((await rowsOf(fx.ids.butter)).map((r) => [r.reason, r.change])).toEqual([["import", 50]]);
    // Untracked stock has no rows.
    expect(await rowsOf(fx.ids.salt)).toEqual([]);
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [
          { productId: fx.ids.butter, qty: 4 },
          { productId: fx.ids.salt, qty: 1 },
          { productId: fx.ids.cups, qty: 3, size: "150 ml" },
        ],
      }),
    );
    if (!placed.ok) throw new Error(placed.error);
    const orderId = placed.order.orderId;
    await moveOrder(database.db, actor, { orderId, to: "Cancelled", seenStatus: "Pending" });

    const butter = await rowsOf(fx.ids.butter);
    expect(butter.map((r) => [r.reason, r.change, r.orderId])).toEqual([
      ["import", 50, null],
      ["order", -4, orderId],
      ["released", 4, orderId],
    ]);
    expect(sum(butter)).toBe(await stockOf(database.db, fx.ids.butter));
    const cups = await rowsOf(fx.ids.cups);
    expect(cups.filter((r) => r.size === "150 ml").map((r) => [r.reason, r.change])).toEqual([
      ["import", 10],
      ["order", -3],
      ["released", 3],
    ]);
  });

  it("a change by hand is checked, counted and written with its reason and who made it", async () => {
    const before = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    expect(
      await changeStockByHand(database.db, actor, {
        productId: fx.ids.butter,
        size: null,
        change: -(before + 1),
        note: "all dented",
        orderId: null,
      }),
    ).toEqual({ ok: false, status: 422, error: STOCK_MESSAGES.below(before) });
    expect(
      await changeStockByHand(database.db, actor, {
        productId: fx.ids.salt,
        size: null,
        change: -1,
        note: "torn bag",
        orderId: null,
      }),
    ).toEqual({ ok: false, status: 422, error: STOCK_MESSAGES.untracked });
    expect(
      await changeStockByHand(database.db, actor, {
        productId: fx.ids.cups,
        size: null,
        change: -1,
        note: "crushed",
        orderId: null,
      }),
    ).toEqual({ ok: false, status: 422, error: STOCK_MESSAGES.sizeNeeded });

    // Two packers at once, each taking two: both count, in turn.
    const [a, b] = await Promise.all([
      changeStockByHand(database.db, actor, {
        productId: fx.ids.butter,
        size: null,
        change: -2,
        note: "2 tins dented",
        orderId: null,
      }),
      changeStockByHand(database.db, actor, {
        productId: fx.ids.butter,
        size: null,
        change: -2,
        note: "2 more dented",
        orderId: null,
      }),
    ]);
    expect([a, b].every((o) => o.ok)).toBe(true);
    expect(await stockOf(database.db, fx.ids.butter)).toBe(before - 4);
    const byHand = (await rowsOf(fx.ids.butter)).filter((r) => r.reason === "hand");
    expect(byHand.map((r) => [r.change, r.staffEmail]).sort()).toEqual([
      [-2, "packer@shop.in"],
      [-2, "packer@shop.in"],
    ]);
    expect(sum(await rowsOf(fx.ids.butter))).toBe(before - 4);

    const sized = await changeStockByHand(database.db, actor, {
      productId: fx.ids.cups,
      size: "250 ml",
      change: 5,
      note: "found a carton",
      orderId: null,
    });
    expect(sized).toEqual({ ok: true, inventory: 25 });
    const [size] = await database.db
      .select({ inventory: productSizes.inventory })
      .from(productSizes)
      .where(and(eq(productSizes.productId, fx.ids.cups), eq(productSizes.label, "250 ml")));
    expect(size?.inventory).toBe(25);
  });
});
