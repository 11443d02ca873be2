import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { productSizes } from "../../app/db/schema";
import { readCatalogueCsv } from "../../app/modules/catalog/catalogue-file";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { EXPORT_COLUMNS, exportCatalogue } from "../../app/modules/console/catalogue-export.server";
import { createOrderFixture, ORDER_SHELF, type OrderFixture } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** The catalogue exported from the console reads back through the import without loss (issue 56). */
describe.each(databaseKinds)("the catalogue's export on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `export-${kind}`);
  });
  afterAll(() => database.close());

  it("writes the import's columns, and imports again as the same products", async () => {
    // The 250 ml cups are sold in sleeves of 5 (a size's own pack, issue 59).
    await database.db
      .update(productSizes)
      .set({ packOf: 5 })
      .where(and(eq(productSizes.productId, fx.ids.cups), eq(productSizes.label, "250 ml")));
    const bytes = new Uint8Array(await new Response(exportCatalogue(database.db, fx.store.id)).arrayBuffer());
    // Excel reads UTF-8 only after a byte-order mark.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe(EXPORT_COLUMNS.join(","));
    expect(text).toContain("150 ml:10|250 ml:20 (packs of 5)");
    const read = readCatalogueCsv({ products: { name: "export.csv", text } });
    expect(read.products).toHaveLength(Object.keys(ORDER_SHELF).length);
    const byName = new Map(read.products.map((product) => [product.name, product]));
    expect(byName.get("Paper Tea Cups")).toMatchObject({
      mrp: 150_00,
      salePrice1: 120_00,
      trackInventory: true,
      inventory: 30,
      sizes: [
        { label: "150 ml", inventory: 10, minOrderQty: null, packOf: null },
        { label: "250 ml", inventory: 20, minOrderQty: null, packOf: 5 },
      ],
    });
    expect(byName.get("Amul Butter 500 g")).toMatchObject({
      mrp: 285_00,
      salePrice1: 268_00,
      salePrice2: 262_00,
      saleQty2: 6,
      salePrice3: 255_00,
      saleQty3: 12,
      packSize: { value: 500, unit: "g" },
      vegType: "green",
      category: "Dairy & Eggs",
      subCategory: "Butter & Cream",
      brand: "Amul",
      hsnCode: "0405",
      gstRate: 5,
      inventory: 50,
    });
    expect(byName.get("Tata Salt 1 kg")).toMatchObject({ trackInventory: false, inventory: null });
    expect(byName.get("Old Ghee Tin 15 kg")?.active).toBe(false);

    const again = await writeCatalogue(database.db, fx.store.id, read);
    expect(again).toEqual({
      categoriesCreated: 0,
      brandsCreated: 0,
      productsCreated: 0,
      productsUpdated: 5,
      photosToFetch: 0,
    });
    expect(await new Response(exportCatalogue(database.db, fx.store.id)).text()).toBe(text);
  });
});
