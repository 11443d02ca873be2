import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { seedDemoStore } from "../../app/demo/seed.server";
import { NO_FILTERS, PAGE_SIZE, SECTION_PAGE_SIZE } from "../../app/modules/catalog/listing";
import { listProducts } from "../../app/modules/catalog/listing.server";
import { listingShape } from "../../app/modules/catalog/listing-sql.server";
import { findProduct, listRelatedProducts } from "../../app/modules/catalog/products.server";
import type { Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Products enough for a plan's cost to tell a walk of an index from reading a tenth of the table. */
const PRODUCTS = Number(process.env.GENERIC_PLAN_PRODUCTS ?? 4000);

/**
 * PostgreSQL alone names statements (PGlite runs each as a query with parameters): a named
 * statement should plan once, not on every run (ADR 0045).
 */
describe.runIf(databaseKinds.includes("postgres"))("named statements on postgres", () => {
  let database: Database;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    store = (await seedDemoStore(database.db, { products: PRODUCTS })).store;
    await database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => database.close());

  it("keep one generic plan for a product page and a listing's first page", async () => {
    const { db } = database;
    const [product] = (await listProducts(db, store.id, NO_FILTERS, { offset: 0, limit: 1 })).products;
    if (!product) throw new Error("expected a product");
    const firstPages = [
      { ...NO_FILTERS },
      { ...NO_FILTERS, category: "dairy-and-eggs", sort: "priceAsc" as const },
      { ...NO_FILTERS, brand: "amul", sort: "priceDesc" as const },
    ];
    // Run one after another, the pool hands them, and the question after them, one connection.
    for (let run = 0; run < 8; run++) {
      await findProduct(db, store.id, product.slug);
      await findProduct(db, store.id, product.id);
      await listRelatedProducts(db, store.id, product.slug);
      await listRelatedProducts(db, store.id, product.id);
      for (const f of firstPages) {
        await listProducts(db, store.id, f, { offset: 0, limit: PAGE_SIZE });
        await listProducts(db, store.id, f, { offset: 0, limit: SECTION_PAGE_SIZE });
      }
    }
    const { rows } = (await db.execute(
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
    )) as unknown as { rows: { name: string; generic: number; custom: number }[] };
    const plans = new Map(rows.map((r) => [r.name, { custom: r.custom, generic: r.generic }]));
    const named = [
      "mandi_product_by_id",
      "mandi_product_by_slug",
      "mandi_related_by_id",
      "mandi_related_by_slug",
      ...firstPages.flatMap((f) =>
        [PAGE_SIZE, SECTION_PAGE_SIZE].map((n) => `mandi_listing_${listingShape(f)}_first${n + 1}`),
      ),
    ];
    // Plans for the values of the first five runs, then the generic plan, which costs no more.
    // With a limit or `active` sent as a value, PostgreSQL planned every run: 8 custom plans.
    for (const name of named) expect({ name, ...plans.get(name) }).toEqual({ name, custom: 5, generic: 3 });
  }, 60_000);

  it("keep one generic plan for a search's tiers read from its postings, its namedCategories' walks and a sorted first page", async () => {
    const { db } = database;
    const named = async () => {
      const { rows } = (await db.execute(
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name similar to 'mandi_(tier|window|sorted)%'`,
      )) as unknown as { rows: { name: string; generic: number; custom: number }[] };
      return rows;
    };
    // A price range is weighed by its values: planned for each run, never named.
    for (let run = 0; run < 3; run++) {
      await listProducts(
        db,
        store.id,
        { ...NO_FILTERS, q: "basmati rice", sort: "relevance", min: 100 },
        { offset: 0, limit: PAGE_SIZE },
      );
    }
    expect(await named()).toEqual([]);
    // 'basmati rice' is read from the lists of the words; 'atta' walks the named categories of its name
    // first. Sorted, a search reads the first rows in order, then its postings.
    const searches = [
      { q: "basmati rice", sort: "relevance" },
      { q: "atta", sort: "relevance" },
      { q: "basmati", sort: "priceAsc" },
      { q: "rice", sort: "newest" },
    ] as const;
    for (let run = 0; run < 8; run++) {
      for (const f of searches)
        await listProducts(db, store.id, { ...NO_FILTERS, ...f }, { offset: 0, limit: PAGE_SIZE });
    }
    const rows = await named();
    for (const kind of [/^mandi_tier_lists_/, /^mandi_tier_[0-9a-f]+$/, /^mandi_window_/, /^mandi_sorted_lists_/]) {
      expect(
        rows.some((r) => kind.test(r.name)),
        String(kind),
      ).toBe(true);
    }
    // Planned for the first five runs' values, then the generic plan (ADR 0048).
    for (const { name, custom, generic } of rows)
      expect({ name, custom, generic }).toEqual({ name, custom: 5, generic: 3 });
  }, 60_000);
});
