import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog, categories, productSizes, products, stockMovements } from "../../app/db/schema";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { readProductFilters } from "../../app/modules/console/product-filters";
import { EMPTY_PRODUCT, type PostedProduct, parseProductForm } from "../../app/modules/console/product-form";
import { bulkChange, listProducts } from "../../app/modules/console/product-list.server";
import { readProductForEditing, saveProduct } from "../../app/modules/console/product-save.server";
import { saveQuickEdits } from "../../app/modules/console/quick-edits.server";
import { changeStockByHand } from "../../app/modules/console/stock.server";
import { createOrderFixture, type OrderFixture, staffActor, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

const RATES = [0, 0.25, 3, 5, 18, 40];

/** The console's products list and form (issue 56) against each database. */
describe.each(databaseKinds)("products in the console on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;
  let dairy: string;

  const find = async (query: string) =>
    (await listProducts(database.db, fx.store.id, readProductFilters(new URLSearchParams(query)), 10)).rows.map(
      (row) => row.name,
    );
  const parsed = (fields: Partial<PostedProduct>) => {
    const outcome = parseProductForm({ ...EMPTY_PRODUCT, ...fields }, RATES);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.fields));
    return outcome.value;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `products-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `meera-${kind}@shop.in`, "staff");
    const [row] = await database.db
      .insert(categories)
      .values({ storeId: fx.store.id, name: "Dairy", slug: "dairy" })
      .returning({ id: categories.id });
    dairy = row?.id ?? "";
  });
  afterAll(() => database.close());

  it("finds products by the store's words, on sale or not, and filters by stock", async () => {
    expect(await find("q=basmati")).toEqual(["India Gate Basmati Rice 25 kg"]);
    expect(await find("active=off")).toEqual(["Old Ghee Tin 15 kg"]);
    expect(await find("stock=untracked")).toEqual(["Tata Salt 1 kg"]);
    expect(await find("stock=low")).toEqual(["Old Ghee Tin 15 kg"]);
    const byPrice = await find("sort=price-desc");
    expect([byPrice.at(0), byPrice.at(-1)]).toEqual(["India Gate Basmati Rice 25 kg", "Tata Salt 1 kg"]);
  });

  it("creates a product with its shelf, stock in the ledger, and refuses a slug or SKU taken", async () => {
    const created = await saveProduct(
      database.db,
      actor,
      null,
      parsed({
        name: "Mother Dairy Paneer 1 kg",
        mrp: "420",
        salePrice1: "399",
        categoryId: dairy,
        sku: "MD-PANEER-1KG",
        trackInventory: "on",
        inventory: "24",
        active: "on",
      }),
      null,
    );
    expect(created).toMatchObject({ ok: true, slug: "mother-dairy-paneer-1-kg" });
    if (!created.ok) return;
    expect(await find("q=cottage cheese")).toEqual(["Mother Dairy Paneer 1 kg"]);
    expect(await find(`category=${dairy}`)).toEqual(["Mother Dairy Paneer 1 kg"]);
    const [movement] = await database.db
      .select({ change: stockMovements.change, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.productId, created.id));
    expect(movement).toEqual({ change: 24, reason: "count" });

    const again = await saveProduct(
      database.db,
      actor,
      null,
      parsed({ name: "Mother Dairy Paneer 1 kg", mrp: "420", sku: "OTHER" }),
      null,
    );
    expect(again).toEqual({
      ok: false,
      status: 422,
      error: "Check the fields marked below: nothing is saved yet.",
      fields: { slug: '"Mother Dairy Paneer 1 kg" has this slug already: choose another.' },
    });
    const sameSku = await saveProduct(
      database.db,
      actor,
      null,
      parsed({ name: "Paneer Block", mrp: "420", sku: "MD-PANEER-1KG" }),
      null,
    );
    expect(sameSku.ok ? null : sameSku.fields).toEqual({ sku: '"Mother Dairy Paneer 1 kg" has this SKU already.' });
  });

  it("keeps what orders took while the form was open, and never undoes a colleague's save", async () => {
    const opened = await readProductForEditing(database.db, fx.store.id, fx.ids.butter);
    if (!opened) throw new Error("butter missing");
    const before = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    // Two tins go while the form is open.
    await changeStockByHand(database.db, actor, {
      productId: fx.ids.butter,
      size: null,
      change: -2,
      note: "dented",
      orderId: null,
    });
    const saved = await saveProduct(
      database.db,
      actor,
      fx.ids.butter,
      parsed({ ...opened.fields, description: "Pasteurised butter" }),
      { version: opened.version, shown: opened.shown },
    );
    expect(saved.ok).toBe(true);
    expect(await stockOf(database.db, fx.ids.butter)).toBe(before - 2);

    // The first form, saved again over the change just made, is refused and changes nothing.
    const stale = await saveProduct(
      database.db,
      actor,
      fx.ids.butter,
      parsed({ ...opened.fields, salePrice1: "270" }),
      { version: opened.version, shown: opened.shown },
    );
    expect(stale).toMatchObject({ ok: false, status: 409 });
    const reopened = await readProductForEditing(database.db, fx.store.id, fx.ids.butter);
    expect(reopened?.fields.salePrice1).toBe("268");
    expect(reopened?.fields.description).toBe("Pasteurised butter");

    // A count typed over one that moved is refused at its field.
    if (!reopened) return;
    await changeStockByHand(database.db, actor, {
      productId: fx.ids.butter,
      size: null,
      change: -1,
      note: "sample",
      orderId: null,
    });
    const typedOver = await saveProduct(
      database.db,
      actor,
      fx.ids.butter,
      parsed({ ...reopened.fields, inventory: "100" }),
      { version: reopened.version, shown: reopened.shown },
    );
    expect(typedOver.ok ? null : typedOver.fields).toEqual({
      inventory: `The stock changed to ${before - 3} while you were editing (an order or a colleague): check it and save again.`,
    });
  });

  it("replaces sizes with their own stock, the product counting their sum", async () => {
    const opened = await readProductForEditing(database.db, fx.store.id, fx.ids.cups);
    if (!opened) throw new Error("cups missing");
    const saved = await saveProduct(
      database.db,
      actor,
      fx.ids.cups,
      parsed({ ...opened.fields, sizeLabel: ["150 ml", "250 ml", "350 ml"], sizeStock: ["10", "25", "5"] }),
      { version: opened.version, shown: opened.shown },
    );
    expect(saved.ok).toBe(true);
    const sizes = await database.db
      .select({ label: productSizes.label, inventory: productSizes.inventory })
      .from(productSizes)
      .where(eq(productSizes.productId, fx.ids.cups))
      .orderBy(productSizes.position);
    expect(sizes).toEqual([
      { label: "150 ml", inventory: 10 },
      { label: "250 ml", inventory: 25 },
      { label: "350 ml", inventory: 5 },
    ]);
    expect(await stockOf(database.db, fx.ids.cups)).toBe(40);
  });

  it("saves prices and counts from the list all or nothing, counts in the ledger", async () => {
    const rice = await stockOf(database.db, fx.ids.rice);
    const refused = await saveQuickEdits(database.db, actor, [
      { productId: fx.ids.rice, stock: { was: rice ?? 0, now: 900 } },
      { productId: fx.ids.salt, price: 30_00 },
    ]);
    expect(refused).toEqual({ ok: false, problems: { [fx.ids.salt]: "₹30 is above the MRP (₹28)." } });
    expect(await stockOf(database.db, fx.ids.rice)).toBe(rice);

    const stale = await saveQuickEdits(database.db, actor, [
      { productId: fx.ids.rice, stock: { was: (rice ?? 0) + 5, now: 900 } },
    ]);
    expect(stale.ok ? null : stale.problems[fx.ids.rice]).toBe(
      `Its stock changed to ${rice} while you were editing (an order or a colleague): check it and save again.`,
    );

    expect(
      await saveQuickEdits(database.db, actor, [
        { productId: fx.ids.rice, stock: { was: rice ?? 0, now: 900 } },
        { productId: fx.ids.salt, price: 24_00 },
      ]),
    ).toEqual({ ok: true, changed: 2 });
    expect(await stockOf(database.db, fx.ids.rice)).toBe(900);
    const [movement] = await database.db
      .select({ change: stockMovements.change, reason: stockMovements.reason, who: stockMovements.staffEmail })
      .from(stockMovements)
      .where(eq(stockMovements.productId, fx.ids.rice))
      .orderBy(desc(stockMovements.createdAt))
      .limit(1);
    expect(movement).toEqual({ change: 900 - (rice ?? 0), reason: "count", who: actor.member.email });
  });

  it("takes ticked products off sale, moves them, and deletes them, with the audit log", async () => {
    expect(await bulkChange(database.db, actor, [fx.ids.salt, fx.ids.rice], { kind: "deactivate" })).toEqual({
      ok: true,
      changed: 2,
    });
    expect(await find("active=off")).toEqual(["India Gate Basmati Rice 25 kg", "Old Ghee Tin 15 kg", "Tata Salt 1 kg"]);
    expect(await bulkChange(database.db, actor, [fx.ids.salt], { kind: "category", categoryId: dairy })).toEqual({
      ok: true,
      changed: 1,
    });
    expect(await bulkChange(database.db, actor, [fx.ids.retired], { kind: "delete" })).toEqual({
      ok: true,
      changed: 1,
    });
    const [gone] = await database.db.select().from(products).where(eq(products.id, fx.ids.retired));
    expect(gone).toBeUndefined();
    const audit = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, fx.store.id), eq(auditLog.entityId, fx.ids.retired)));
    expect(audit.map((row) => row.action)).toContain("product.delete");
    expect(await bulkChange(database.db, actor, [], { kind: "activate" })).toEqual({
      ok: false,
      error: "Tick the products to change first.",
    });
  });
});
