import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { brands, categories, media, pincodeRates, productSizes, products, stores } from "../../app/db/schema";
import { makeProduct } from "../../app/demo/factories";
import { seedDemoStore, seedIfEmpty } from "../../app/demo/seed.server";
import { readCatalogueCsv } from "../../app/modules/catalog/catalogue-file";
import { validateCatalogue } from "../../app/modules/catalog/catalogue-input";
import { CatalogueConflictError, writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { NO_FILTERS } from "../../app/modules/catalog/listing";
import { listProducts } from "../../app/modules/catalog/listing.server";
import { findProduct, listRelatedProducts } from "../../app/modules/catalog/products.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

describe.each(databaseKinds)("catalogue on %s", (kind) => {
  let database: Database;
  let demo: Store;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const seeded = await seedIfEmpty(database);
    if (!seeded) throw new Error("expected an empty database to be seeded");
    demo = seeded.store;
  });
  afterAll(() => database.close());

  it("seeds a believable HoReCa store", async () => {
    const { db } = database;
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    expect(
      await n(db.select({ n: count() }).from(products).where(eq(products.storeId, demo.id))),
    ).toBeGreaterThanOrEqual(300);
    expect(
      await n(
        db
          .select({ n: count() })
          .from(categories)
          .where(and(eq(categories.storeId, demo.id), isNull(categories.parentId))),
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(
      await n(
        db
          .select({ n: count() })
          .from(categories)
          .where(and(eq(categories.storeId, demo.id), isNotNull(categories.parentId))),
      ),
    ).toBeGreaterThanOrEqual(24);
    expect(await n(db.select({ n: count() }).from(brands).where(eq(brands.storeId, demo.id)))).toBeGreaterThanOrEqual(
      20,
    );
    expect(
      await n(db.select({ n: count() }).from(pincodeRates).where(eq(pincodeRates.storeId, demo.id))),
    ).toBeGreaterThan(100);
    expect(await n(db.select({ n: count() }).from(productSizes))).toBeGreaterThan(20);
  });

  it("spreads inventory over in stock, low stock, sold out and untracked", async () => {
    const rows = await database.db
      .select({
        state: sql<string>`case when not ${products.trackInventory} then 'untracked' when ${products.inventory} > 10 then 'in' when ${products.inventory} > 0 then 'low' else 'out' end`,
        n: count(),
      })
      .from(products)
      .where(eq(products.storeId, demo.id))
      .groupBy(sql`1`);
    const states = Object.fromEntries(rows.map((r) => [r.state, r.n]));
    for (const state of ["in", "low", "out", "untracked"]) expect(states[state]).toBeGreaterThanOrEqual(10);
  });

  it("gives every product several photos that the store serves", async () => {
    const [product] = (await listProducts(database.db, demo.id, NO_FILTERS, { offset: 0, limit: 1 })).products;
    const detail = await findProduct(database.db, demo.id, product?.slug ?? "");
    expect(detail?.photos.length).toBeGreaterThanOrEqual(3);
    const key = detail?.photos[0]?.src.replace("/media/", "") ?? "";
    const [file] = await database.db
      .select()
      .from(media)
      .where(and(eq(media.storeId, demo.id), eq(media.key, key)));
    expect(file?.contentType).toBe("image/svg+xml");
    expect(file?.bytes.toString("utf8")).toMatch(/^<svg/);
  });

  it("seeds only an empty database", async () => {
    expect(await seedIfEmpty(database)).toBeNull();
  });

  it("finds active products by slug or id, and hides inactive ones", async () => {
    const [active] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, demo.id), eq(products.active, true)))
      .limit(1);
    const [inactive] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, demo.id), eq(products.active, false)))
      .limit(1);
    expect((await findProduct(database.db, demo.id, active?.slug ?? ""))?.id).toBe(active?.id);
    expect((await findProduct(database.db, demo.id, active?.id ?? ""))?.slug).toBe(active?.slug);
    expect(await findProduct(database.db, demo.id, inactive?.slug ?? "")).toBeNull();
    expect(await findProduct(database.db, demo.id, "no-such-product")).toBeNull();
  });

  describe("a product page's related products", () => {
    let shop: Store;
    const dairy = Array.from({ length: 11 }, (_, i) => `Dairy Item ${i} 1 kg`);
    const slugOf = (name: string) => name.toLowerCase().replaceAll(" ", "-");
    beforeAll(async () => {
      shop = await createStore(database.db, { slug: `related-${kind}`, title: "Related Traders" });
      const catalogue = validateCatalogue({
        products: [
          ...dairy.map((name, i) => makeProduct({ name, sku: `D-${i}` })),
          makeProduct({ name: "Dairy Item Switched Off 1 kg", sku: "D-X", active: false }),
          makeProduct({ name: "Jeera 1 kg", sku: "S-0", category: "Spices", subCategory: null }),
          makeProduct({ name: "Loose Item 1 kg", sku: "L-0", category: null, subCategory: null }),
        ],
      });
      await writeCatalogue(database.db, shop.id, catalogue);
      // Item i was added i minutes after item 0; the switched-off one is the newest.
      for (const [i, name] of [...dairy, "Dairy Item Switched Off 1 kg"].entries()) {
        await database.db
          .update(products)
          .set({ createdAt: new Date(Date.UTC(2026, 10, 1, 10, i)) })
          .where(and(eq(products.storeId, shop.id), eq(products.slug, slugOf(name))));
      }
    });
    const names = async (idOrSlug: string) =>
      (await listRelatedProducts(database.db, shop.id, idOrSlug)).map((p) => p.name);

    it("are up to 8 active products of the same category, newest first, never the product itself", async () => {
      expect(await names(slugOf(dairy[0] ?? ""))).toEqual(dairy.slice(3).reverse());
      expect(await names(slugOf(dairy[10] ?? ""))).toEqual(dairy.slice(2, 10).reverse());
    });

    it("find the product by id as by slug, as its page does", async () => {
      const product = await findProduct(database.db, shop.id, slugOf(dairy[5] ?? ""));
      expect(await names(product?.id ?? "")).toEqual(await names(slugOf(dairy[5] ?? "")));
      expect(await names(product?.id ?? "")).not.toContain(dairy[5]);
    });

    it("are none for a product alone in its category, without one, switched off or missing", async () => {
      expect(await names("jeera-1-kg")).toEqual([]);
      expect(await names("loose-item-1-kg")).toEqual([]);
      expect(await names("dairy-item-switched-off-1-kg")).toEqual([]);
      expect(await names("no-such-product")).toEqual([]);
      // Another store's products are not this store's related products.
      const demoDairy = await listProducts(
        database.db,
        demo.id,
        { ...NO_FILTERS, category: "dairy-and-eggs" },
        { offset: 0, limit: 1 },
      );
      expect(await listRelatedProducts(database.db, shop.id, demoDairy.products[0]?.slug ?? "")).toEqual([]);
    });
  });

  describe("importing a shop's catalogue", () => {
    let shop: Store;
    beforeAll(async () => {
      shop = await createStore(database.db, { slug: `shop-${kind}`, title: "Sharma Traders" });
    });

    const csv = [
      "name,category,sub_category,brand,sku,mrp,sale_price1,sale_price2,sale_qty2,pack_size,inventory,veg_type,sizes",
      "Sharma Basmati Rice 25 kg,Rice & Grains,Basmati,Sharma Gold,SH-001,4200,3950,3850,3,25 kg,40,green,",
      'Paper Cups 150 ml,Disposables,Cups,,SH-002,160,"₹150",,,50 pc,,,150 ml:20|250 ml:15',
    ].join("\n");

    it("creates categories, sub-categories, brands and products", async () => {
      const summary = await writeCatalogue(
        database.db,
        shop.id,
        readCatalogueCsv({ products: { name: "products.csv", text: csv } }),
      );
      expect(summary).toEqual({
        categoriesCreated: 4,
        brandsCreated: 1,
        productsCreated: 2,
        productsUpdated: 0,
        photosToFetch: 0,
      });
      const rice = await findProduct(database.db, shop.id, "sharma-basmati-rice-25-kg");
      expect(rice).toMatchObject({
        price: 3950_00,
        mrp: 4200_00,
        brand: { name: "Sharma Gold" },
        category: { name: "Rice & Grains" },
        subCategory: { name: "Basmati" },
      });
      expect(rice?.tiers).toEqual([{ minQty: 3, unitPrice: 3850_00 }]);
      const cups = await database.db
        .select()
        .from(products)
        .where(and(eq(products.storeId, shop.id), eq(products.sku, "SH-002")));
      // Stock per size adds up to the product's stock.
      expect(cups[0]?.inventory).toBe(35);
      expect(cups[0]?.trackInventory).toBe(true);
    });

    it("updates products matched by SKU instead of duplicating them", async () => {
      const again = csv
        .replace("4200,3950", "4300,3990")
        .replace("Sharma Basmati Rice 25 kg", "Sharma Basmati Rice (Aged) 25 kg");
      const summary = await writeCatalogue(
        database.db,
        shop.id,
        readCatalogueCsv({ products: { name: "products.csv", text: again } }),
      );
      expect(summary).toEqual({
        categoriesCreated: 0,
        brandsCreated: 0,
        productsCreated: 0,
        productsUpdated: 2,
        photosToFetch: 0,
      });
      const rows = await database.db.select().from(products).where(eq(products.storeId, shop.id));
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.sku === "SH-001")).toMatchObject({
        name: "Sharma Basmati Rice (Aged) 25 kg",
        mrp: 4300_00,
      });
    });

    it("sets a category's HSN code and GST rate from the categories file, new or existing", async () => {
      await writeCatalogue(
        database.db,
        shop.id,
        readCatalogueCsv({
          products: { name: "products.csv", text: csv },
          categories: {
            name: "categories.csv",
            text: "name,parent,hsn,gst\nRice & Grains,,1006,5\nCups,Disposables,,18\n",
          },
        }),
      );
      const rows = await database.db
        .select({ name: categories.name, hsnCode: categories.hsnCode, gstRate: categories.gstRate })
        .from(categories)
        .where(and(eq(categories.storeId, shop.id), isNotNull(categories.gstRate)))
        .orderBy(categories.name);
      expect(rows).toEqual([
        { name: "Cups", hsnCode: null, gstRate: 18 },
        { name: "Rice & Grains", hsnCode: "1006", gstRate: 5 },
      ]);
    });

    it("takes only the store's own GST rates, which its owner may change", async () => {
      const file = { name: "products.csv", text: "name,sku,mrp,hsn,gst\nTandoori Masala 1 kg,SH-200,520,0910,12\n" };
      await expect(writeCatalogue(database.db, shop.id, readCatalogueCsv({ products: file }))).rejects.toThrow(
        "\"Tandoori Masala 1 kg\" at 12%: the store's GST rates are 0, 0.25, 3, 5, 18, 40 percent (change them on the console's GST page).",
      );
      await database.db
        .update(stores)
        .set({ gst: { rates: [0, 5, 12, 18] } })
        .where(eq(stores.id, shop.id));
      expect(await writeCatalogue(database.db, shop.id, readCatalogueCsv({ products: file }))).toMatchObject({
        productsCreated: 1,
      });
    });

    it("writes nothing when one product conflicts with another", async () => {
      const before = await database.db.select({ n: count() }).from(products).where(eq(products.storeId, shop.id));
      // A new SKU whose slug belongs to an existing product with another SKU.
      const catalogue = validateCatalogue({
        products: [
          makeProduct({ name: "Sharma New Item 1 kg", sku: "SH-100", category: "Brand New Category" }),
          makeProduct({ name: "Clash", slug: "paper-cups-150-ml", sku: "SH-101" }),
        ],
      });
      await expect(writeCatalogue(database.db, shop.id, catalogue)).rejects.toBeInstanceOf(CatalogueConflictError);
      const after = await database.db.select({ n: count() }).from(products).where(eq(products.storeId, shop.id));
      expect(after).toEqual(before);
      const newCategory = await database.db.select().from(categories).where(eq(categories.name, "Brand New Category"));
      expect(newCategory).toHaveLength(0);
    });

    it("keeps each store's catalogue to itself", async () => {
      expect(await findProduct(database.db, demo.id, "sharma-basmati-rice-aged-25-kg")).toBeNull();
      const other = await seedDemoStore(database.db, { slug: `second-${kind}`, products: 30 });
      expect(
        (await listProducts(database.db, other.store.id, NO_FILTERS, { offset: 0, limit: 100 })).products,
      ).toHaveLength(30 - 0 - (await inactiveCount(other.store.id)));
    });

    it("readies the tables after a large import: the new rows' pages are marked all-visible", async () => {
      // Index-only scans of the postings read the table too for any page not marked
      // all-visible; only VACUUM marks them, and autovacuum may be minutes away or off.
      const pages = async () => {
        const result = (await database.db.execute(sql`select relname, relpages, relallvisible from pg_class
          where relname in ('products', 'search_postings') order by relname`)) as unknown as {
          rows: { relname: string; relpages: number; relallvisible: number }[];
        };
        return result.rows.map((r) => ({ table: r.relname, notAllVisible: r.relpages - r.relallvisible }));
      };
      await seedDemoStore(database.db, { slug: `large-${kind}`, products: 1000 });
      expect(await pages()).toEqual([
        { table: "products", notAllVisible: 0 },
        { table: "search_postings", notAllVisible: 0 },
      ]);
    });

    async function inactiveCount(storeId: string) {
      const [row] = await database.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.active, false)));
      return row?.n ?? 0;
    }
  });
});
