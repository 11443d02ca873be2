import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { readPastedLines } from "../../app/modules/cart/quick-order";
import { readCatalogueCsv } from "../../app/modules/catalog/catalogue-file";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { resolveQuickOrder } from "../../app/modules/search/quick-order.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Quick order's pasted lines found in the store (issue 59): by SKU, by name, several or none. */
describe.each(databaseKinds)("quick order's lines on %s", (kind) => {
  let database: Database;
  let shop: Store;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    shop = await createStore(database.db, { slug: `quick-${kind}`, title: "Quick Traders" });
    const csv = [
      "name,category,sku,mrp,sale_price1,sale_price2,sale_qty2,min_order_qty,pack_of,inventory",
      "Amul Butter 500 g,Dairy,AMU-BUT-500,285,275,262,6,,,40",
      "Amul Butter 100 g,Dairy,AMU-BUT-100,60,58,,,,,",
      "Areca Leaf Plates 10 inch,Disposables,PLT-10,9,8,7.50,60,24,12,100",
      "Toor Dal 1 kg,Pulses,TOOR-1,180,165,,,,,",
    ].join("\n");
    await writeCatalogue(database.db, shop.id, readCatalogueCsv({ products: { name: "p.csv", text: csv } }));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("finds a SKU, a name written whole and the only match; offers choices; says when none", async () => {
    const { lines } = readPastedLines(
      ["amu-but-500\t6", "Areca Leaf Plates 10 inch 30", "amul butter", "xyzzy 2", "toor 5"].join("\n"),
    );
    const resolved = await resolveQuickOrder(database.db, shop.id, lines);
    expect(resolved.map((line) => line.status)).toEqual(["found", "found", "several", "none", "found"]);
    expect(resolved[0]).toMatchObject({ qty: 6, unitPrice: 262_00, total: 1572_00, note: null, available: 40 });
    expect(resolved[0]?.status === "found" && resolved[0].product.name).toBe("Amul Butter 500 g");
    // 30 plates sold from 24 in packs of 12: 36, below the tier from 60.
    expect(resolved[1]).toMatchObject({
      qty: 36,
      note: "Rounded up to 36: sold in packs of 12.",
      unitPrice: 8_00,
      total: 288_00,
      available: 96,
    });
    const several = resolved[2];
    expect(several?.status === "several" && several.choices.map((p) => p.name).sort()).toEqual([
      "Amul Butter 100 g",
      "Amul Butter 500 g",
    ]);
    expect(resolved[4]).toMatchObject({ qty: 5, unitPrice: 165_00, total: 825_00 });
  });

  it("starts a line without a quantity at the least that can be ordered", async () => {
    const [plates] = await resolveQuickOrder(database.db, shop.id, [{ line: 1, query: "PLT-10", qty: null }]);
    expect(plates).toMatchObject({ status: "found", qty: 24, note: null, total: 192_00 });
  });
});
