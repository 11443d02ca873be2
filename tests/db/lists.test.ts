import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, products } from "../../app/db/schema";
import { makeCheckoutAddress, makeProduct } from "../../app/demo/factories";
import type { Customer } from "../../app/modules/accounts/account.server";
import {
  addToList,
  createList,
  deleteList,
  listLists,
  listToCart,
  readList,
  updateList,
} from "../../app/modules/lists/lists.server";
import { LIST_MESSAGES } from "../../app/modules/lists/rules";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createOrderFixture, type OrderFixture, orderRequest } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * "The usual order" (issue 59), on both databases: a customer's named lists, made from the cart
 * or from a past order, edited, added to, and put back in the cart at today's prices, naming what
 * cannot be; and never reachable by another customer.
 */
describe.each(databaseKinds)("lists on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let asha: Customer;
  let ravi: Customer;
  let oil: string;

  const customer = async (phone: string): Promise<Customer> => {
    const [row] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone, firstName: "Test" })
      .returning({ id: customers.id, phone: customers.phone });
    if (!row?.phone) throw new Error("no customer");
    return { id: row.id, phone: row.phone };
  };
  const line = (productId: string, qty: number, size: string | null = null) => ({ productId, qty, size, setSizes: [] });
  const made = async (name: string, lines: ReturnType<typeof line>[], who = asha) => {
    const outcome = await createList(database.db, fx.store.id, who, { name, lines });
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.value;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `lists-${kind}`, [
      makeProduct({
        name: "Fortune Sunflower Oil 15 L Tin",
        mrp: 2400_00,
        salePrice1: 2100_00,
        salePrice2: null,
        saleQty2: null,
        salePrice3: null,
        saleQty3: null,
        inventory: 3,
        trackInventory: true,
      }),
    ]);
    const [row] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, "Fortune Sunflower Oil 15 L Tin"));
    oil = row?.id ?? "";
    asha = await customer("9820055501");
    ravi = await customer("9820055502");
  });
  afterAll(() => database.close());

  it("saves the cart as a named list, one line per product and size", async () => {
    const list = await made("Weekly veg", [line(fx.ids.butter, 6), line(fx.ids.salt, 10), line(fx.ids.butter, 6)]);
    expect(list).toMatchObject({ name: "Weekly veg", itemCount: 2 });
    const view = await readList(database.db, fx.store.id, asha.id, list.id);
    expect(view?.items.map((item) => [item.name, item.qty, item.unitPrice, item.problem])).toEqual([
      // 12 butter: the tier from 12 (₹255).
      ["Amul Butter 500 g", 12, 255_00, null],
      ["Tata Salt 1 kg", 10, 25_00, null],
    ]);
    expect(await createList(database.db, fx.store.id, asha, { name: "weekly VEG", lines: [] })).toEqual({
      ok: false,
      status: 409,
      error: LIST_MESSAGES.nameTaken,
    });
    // Another customer may use the same name: lists are each customer's own.
    expect((await createList(database.db, fx.store.id, ravi, { name: "Weekly veg", lines: [] })).ok).toBe(true);
    expect(
      await createList(database.db, fx.store.id, asha, {
        name: "Stranger's goods",
        lines: [line("5f7e0e4e-7a59-4d57-9c1e-4f2f0f0b0c11", 1)],
      }),
    ).toMatchObject({ ok: false, status: 422 });
  });

  it("is no one else's: another customer can neither read, change, add to, order from nor delete it", async () => {
    const list = await made("Monthly dry store", [line(fx.ids.rice, 2)]);
    expect(await readList(database.db, fx.store.id, ravi.id, list.id)).toBeNull();
    expect(await updateList(database.db, fx.store.id, ravi.id, list.id, { name: "Mine now", lines: [] })).toEqual({
      ok: false,
      status: 404,
      error: LIST_MESSAGES.notFound,
    });
    expect(await addToList(database.db, fx.store.id, ravi.id, list.id, line(fx.ids.salt, 1))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await listToCart(database.db, fx.store.id, ravi.id, list.id)).toBeNull();
    expect(await deleteList(database.db, fx.store.id, ravi.id, list.id)).toBe(false);
    expect((await listLists(database.db, fx.store.id, ravi.id)).map((l) => l.id)).not.toContain(list.id);
    expect((await listLists(database.db, fx.store.id, asha.id)).find((l) => l.id === list.id)).toMatchObject({
      name: "Monthly dry store",
      itemCount: 1,
    });
    expect((await readList(database.db, fx.store.id, asha.id, list.id))?.items).toHaveLength(1);
  });

  it("adds a product to a list, joining the line already there, and edits and deletes it", async () => {
    const list = await made("Banquet", [line(fx.ids.salt, 5)]);
    expect(await addToList(database.db, fx.store.id, asha.id, list.id, line(fx.ids.salt, 3))).toMatchObject({
      ok: true,
      value: { itemCount: 1 },
    });
    expect(await addToList(database.db, fx.store.id, asha.id, list.id, line(fx.ids.cups, 2, "250 ml"))).toMatchObject({
      ok: true,
      value: { itemCount: 2 },
    });
    let view = await readList(database.db, fx.store.id, asha.id, list.id);
    expect(view?.items.map((item) => [item.name, item.qty])).toEqual([
      ["Tata Salt 1 kg", 8],
      ["Paper Tea Cups (250 ml)", 2],
    ]);
    const saved = await updateList(database.db, fx.store.id, asha.id, list.id, {
      name: "Banquet, December",
      lines: [line(fx.ids.cups, 4, "250 ml")],
    });
    expect(saved).toMatchObject({ ok: true, value: { name: "Banquet, December", itemCount: 1 } });
    view = await readList(database.db, fx.store.id, asha.id, list.id);
    expect(view?.items.map((item) => [item.name, item.qty])).toEqual([["Paper Tea Cups (250 ml)", 4]]);
    expect(await deleteList(database.db, fx.store.id, asha.id, list.id)).toBe(true);
    expect(await readList(database.db, fx.store.id, asha.id, list.id)).toBeNull();
  });

  it("goes into the cart at today's prices and stock, naming what is sold out, off sale or gone", async () => {
    const list = await made("Everything", [
      line(fx.ids.butter, 2),
      line(oil, 5),
      line(fx.ids.retired, 1),
      line(fx.ids.salt, 4),
    ]);
    // A price changed since the list was made: the cart takes today's.
    await database.db.update(products).set({ salePrice1: 22_00 }).where(eq(products.id, fx.ids.salt));
    let cart = await listToCart(database.db, fx.store.id, asha.id, list.id);
    expect(cart?.lines.map((l) => [l.name, l.qty, l.unitPrice])).toEqual([
      ["Amul Butter 500 g", 2, 268_00],
      ["Fortune Sunflower Oil 15 L Tin", 3, 2100_00],
      ["Tata Salt 1 kg", 4, 22_00],
    ]);
    expect(cart?.leftOut).toEqual([
      "Fortune Sunflower Oil 15 L Tin (only 3 of 5 in stock)",
      "Old Ghee Tin 15 kg (no longer sold)",
    ]);

    await database.db.update(products).set({ inventory: 0 }).where(eq(products.id, oil));
    await database.db.delete(products).where(eq(products.id, fx.ids.salt));
    const view = await readList(database.db, fx.store.id, asha.id, list.id);
    expect(view?.items.map((item) => [item.name, item.problem])).toEqual([
      ["Amul Butter 500 g", null],
      ["Fortune Sunflower Oil 15 L Tin", "Sold out"],
      ["Old Ghee Tin 15 kg", "No longer sold"],
      ["Tata Salt 1 kg", "No longer sold"],
    ]);
    cart = await listToCart(database.db, fx.store.id, asha.id, list.id);
    expect(cart?.lines.map((l) => l.name)).toEqual(["Amul Butter 500 g"]);
    expect(cart?.leftOut).toEqual([
      "Tata Salt 1 kg (no longer sold)",
      "Fortune Sunflower Oil 15 L Tin (sold out)",
      "Old Ghee Tin 15 kg (no longer sold)",
    ]);
  });

  it("saves a past order as a list, only the customer's own", async () => {
    const placed = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.rice, qty: 3 }],
        address: makeCheckoutAddress({ phone: asha.phone }),
      }),
      { customerId: asha.id, signedInPhone: asha.phone },
    );
    if (!placed.ok) throw new Error(placed.error);
    const saved = await createList(database.db, fx.store.id, asha, {
      name: "Rice, as last time",
      lines: [],
      orderId: placed.order.orderId,
    });
    expect(saved).toMatchObject({ ok: true, value: { itemCount: 1 } });
    expect(
      await createList(database.db, fx.store.id, ravi, { name: "Not mine", lines: [], orderId: placed.order.orderId }),
    ).toEqual({ ok: false, status: 404, error: "Order not found." });
  });
});
