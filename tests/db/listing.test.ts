import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { brands, categories, products, searchSynonyms } from "../../app/db/schema";
import { makeProduct } from "../../app/demo/factories";
import { validateCatalogue } from "../../app/modules/catalog/catalogue-input";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { type ListingFilters, NO_FILTERS } from "../../app/modules/catalog/listing";
import { type ListingPage, listProducts } from "../../app/modules/catalog/listing.server";
import { parseListingParams } from "../../app/modules/catalog/listing-params";
import type { SearchFacets } from "../../app/modules/search/facets";
import { type KnownFacets, searchFacets } from "../../app/modules/search/facets.server";
import { mayHoldAllBut } from "../../app/modules/search/fallbacks.server";
import { normaliseSearchText, planSearch, type SearchPlan } from "../../app/modules/search/query";
import { type SearchStart, searchStartsFrom } from "../../app/modules/search/start.server";
import { suggestProducts } from "../../app/modules/search/suggestions.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Writes test products: each product made by the demo factory, with no tier prices unless given. */
function writeProducts(
  database: Database,
  storeId: string,
  list: readonly Partial<Parameters<typeof makeProduct>[0]>[],
) {
  return writeCatalogue(
    database.db,
    storeId,
    validateCatalogue({
      products: list.map((p) =>
        makeProduct({ salePrice2: null, saleQty2: null, salePrice3: null, saleQty3: null, ...p }),
      ),
    }),
  );
}

/**
 * Counts the statements a search builds and runs. Each call of `fresh` gives a database of its own:
 * statements are built once per database and shape, so a new one builds every statement it runs.
 */
function statementCounter(database: Database) {
  let count = 0;
  const fresh = () =>
    new Proxy(database.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if ((key === "select" || key === "execute") && typeof value === "function") {
          return (...args: unknown[]) => {
            count += 1;
            return value.apply(target, args);
          };
        }
        return value;
      },
    });
  return {
    fresh,
    /** How many statements since the last `reset`. */
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}

/**
 * The SQL texts `run` sends to the database, read where Drizzle hands them to the driver (its
 * `$client`, PGlite's or node-postgres's pool): what a search runs, however its statements are
 * built or kept.
 */
async function statementsSent(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    texts.push(typeof first === "string" ? first : String((first as { text?: unknown }).text));
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return texts;
}

// A small catalogue with known prices. Best price = lowest positive sale price, else MRP (rupees).
const smallCatalogue = [
  {
    name: "Aashirvaad Whole Wheat Atta 10 kg",
    category: "Rice, Atta & Flours",
    subCategory: "Atta",
    brand: "Aashirvaad",
    mrp: 520_00,
    salePrice1: 480_00,
  }, // best 480, 8% off
  {
    name: "Fortune Chakki Fresh Wheat Flour 5 kg",
    category: "Rice, Atta & Flours",
    subCategory: "Atta",
    brand: "Fortune",
    mrp: 300_00,
    salePrice1: 240_00,
    salePrice2: 230_00,
    saleQty2: 5,
  }, // best 230, 23%
  {
    name: "India Gate Basmati Rice 25 kg",
    category: "Rice, Atta & Flours",
    subCategory: "Rice",
    brand: "India Gate",
    mrp: 3000_00,
    salePrice1: 2400_00,
  }, // best 2400, 20%
  {
    name: "Amul Malai Paneer 1 kg",
    category: "Dairy & Eggs",
    subCategory: "Cheese",
    brand: "Amul",
    mrp: 450_00,
    salePrice1: 450_00,
  }, // best 450, no discount
  {
    name: "Nestle Dahi 5 kg",
    category: "Dairy & Eggs",
    subCategory: "Milk Products",
    brand: "Nestle",
    mrp: 400_00,
    salePrice1: 300_00,
    sku: "SKU-0042",
  }, // best 300, 25%
  {
    name: "Everest Jeera Powder 500 g",
    category: "Spices & Masala",
    subCategory: "Ground Spices",
    brand: "Everest",
    mrp: 200_00,
    salePrice1: null,
  }, // best 200 (MRP), no discount
  {
    name: "Rajdhani Besan 1 kg",
    category: "Rice, Atta & Flours",
    subCategory: "Besan",
    brand: "Rajdhani",
    mrp: 150_00,
    salePrice1: 100_00,
  }, // best 100, 33%
  {
    name: "Hidden Desi Ghee 1 L",
    category: "Dairy & Eggs",
    subCategory: "Ghee",
    brand: "Amul",
    mrp: 700_00,
    salePrice1: 650_00,
    active: false,
  },
  {
    name: "Cumin Seeds 1 kg",
    category: "Spices & Masala",
    subCategory: "Whole Spices",
    brand: "Catch",
    mrp: 600_00,
    salePrice1: 540_00,
  }, // best 540, 10%
];

/**
 * A price-sorted listing with a price range starts its walk where the range does, by the store's
 * ratios of the price it sorts by (a card's price, sale_price1 or the MRP) to the price the range
 * filters (the best tier price): listing.server.ts, priceWalkBound. Products whose two prices lie
 * far apart must still be listed, in their place: a steep bulk tier (₹300 a unit, ₹150 for 10)
 * and a first price of zero (₹0 a unit, ₹150 for 2). 600 fillers, between them in price, make a
 * search for the tiered products read its postings rather than the first rows in order.
 */
describe.each(databaseKinds)("a price range on a listing sorted by price, on %s", (kind) => {
  let database: Database;
  let store: Store;
  interface Priced {
    name: string;
    unit: number;
    best: number;
  }
  const tiered: (Priced & Partial<Parameters<typeof makeProduct>[0]>)[] = [
    {
      name: "Tiered Steep Sack",
      unit: 300,
      best: 150,
      mrp: 320_00,
      salePrice1: 300_00,
      salePrice3: 150_00,
      saleQty3: 10,
    },
    { name: "Tiered Zero First", unit: 0, best: 150, mrp: null, salePrice1: 0, salePrice2: 150_00, saleQty2: 2 },
    ...[90, 120, 180, 199, 201, 260, 900, 1000, 1500].map((price) => ({
      name: `Tiered Plain ${price}`,
      unit: price,
      best: price,
      mrp: price * 100,
      salePrice1: null,
    })),
  ];
  const fillers: Priced[] = Array.from({ length: 600 }, (_, i) => {
    const price = 100 + i + 0.5; // never a tiered product's price: no ties in the order
    return { name: `Filler Pantry Item ${i + 1}`, unit: price, best: price };
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `price-walk-${kind}`, title: "Price Walk Store" });
    await writeProducts(database, store.id, [
      ...tiered.map(({ unit: _u, best: _b, ...p }) => ({
        category: "Pantry",
        subCategory: "Dry Goods",
        brand: "Shelf",
        ...p,
      })),
      ...fillers.map((p) => ({
        name: p.name,
        category: "Pantry",
        subCategory: "Dry Goods",
        brand: "Shelf",
        mrp: Math.round(p.unit * 100),
        salePrice1: null,
      })),
    ]);
  });
  afterAll(() => database.close());

  const listed = async (f: Partial<ListingFilters>) =>
    (await listProducts(database.db, store.id, { ...NO_FILTERS, ...f }, { offset: 0, limit: 800 })).products.map(
      (p) => p.name,
    );
  const expected = (
    from: readonly Priced[],
    sort: "priceAsc" | "priceDesc",
    min: number | null,
    max: number | null,
  ) => {
    const kept = from.filter((p) => (min === null || p.best >= min) && (max === null || p.best <= max));
    kept.sort((a, b) => (sort === "priceAsc" ? a.unit - b.unit : b.unit - a.unit));
    return kept.map((p) => p.name);
  };

  const ranges: [number | null, number | null][] = [
    [null, 200],
    [100, null],
    [100, 200],
    [150, 150],
    [201, 1000],
    [2000, null],
  ];
  for (const sort of ["priceAsc", "priceDesc"] as const) {
    it(`lists every product whose best price is in the range, by the card's price (${sort})`, async () => {
      for (const [min, max] of ranges) {
        const all = [...tiered, ...fillers];
        expect(await listed({ sort, min, max }), `${min}-${max}`).toEqual(expected(all, sort, min, max));
        expect(await listed({ sort, min, max, category: "pantry" }), `${min}-${max} in a category`).toEqual(
          expected(all, sort, min, max),
        );
        expect(await listed({ sort, min, max, brand: "shelf" }), `${min}-${max} by brand`).toEqual(
          expected(all, sort, min, max),
        );
        // A search: the first rows in order, then the postings, then every match sorted.
        expect(await listed({ sort, min, max, q: "tiered" }), `${min}-${max} searched`).toEqual(
          expected(tiered, sort, min, max),
        );
        expect(
          await listed({ sort, min, max, q: "tiered", category: "pantry" }),
          `${min}-${max} searched in a category`,
        ).toEqual(expected(tiered, sort, min, max));
      }
    });
  }

  it("answers a range at its widest on prices at their widest", async () => {
    // Written past the catalogue's checks: ₹9 lakh crore a unit, one paisa in bulk.
    const named = and(eq(products.storeId, store.id), eq(products.name, "Tiered Plain 1500"));
    await database.db
      .update(products)
      .set({ mrp: 9_000_000_000_000, salePrice1: 9_000_000_000_000, salePrice3: 1, saleQty3: 10 })
      .where(named);
    try {
      expect(await listed({ sort: "priceAsc", min: 10_000_000 })).toEqual([]);
      expect((await listed({ sort: "priceDesc", max: 10_000_000 }))[0]).toBe("Tiered Plain 1500");
      expect(await listed({ sort: "priceDesc", min: 10_000_000, max: 10_000_000, q: "tiered" })).toEqual([]);
    } finally {
      await database.db
        .update(products)
        .set({ mrp: 1500_00, salePrice1: null, salePrice3: null, saleQty3: null })
        .where(named);
    }
  });

  it("bounds the walk by the products' prices as they are now", async () => {
    const named = (name: string) => and(eq(products.storeId, store.id), eq(products.name, name));
    // The steep tier goes: the store's widest ratio narrows.
    await database.db.update(products).set({ salePrice3: null, saleQty3: null }).where(named("Tiered Steep Sack"));
    // A steeper one comes on another product: ₹260 a unit, ₹100 for 10.
    await database.db
      .update(products)
      .set({ salePrice1: 260_00, salePrice3: 100_00, saleQty3: 10 })
      .where(named("Tiered Plain 260"));
    try {
      const now = tiered.map((p) =>
        p.name === "Tiered Steep Sack" ? { ...p, best: 300 } : p.name === "Tiered Plain 260" ? { ...p, best: 100 } : p,
      );
      for (const max of [300, 200, 100]) {
        expect(await listed({ sort: "priceDesc", max, q: "tiered" }), `up to ${max}`).toEqual(
          expected(now, "priceDesc", null, max),
        );
      }
      expect(await listed({ sort: "priceDesc", max: 100 })).toContain("Tiered Plain 260");
    } finally {
      await database.db.update(products).set({ salePrice3: 150_00, saleQty3: 10 }).where(named("Tiered Steep Sack"));
      await database.db
        .update(products)
        .set({ salePrice1: null, salePrice3: null, saleQty3: null })
        .where(named("Tiered Plain 260"));
    }
  });
});

/**
 * A long shelf for searches sorted by price or date: 600 plain items, and 40 saffron packs that
 * are dearer and older than all of them, so that in ascending price or newest order every
 * saffron pack lies beyond the first rows a search reads in order (listing.server.ts,
 * searchInOrder), and in descending price order within them.
 */
describe.each(databaseKinds)("a search sorted by price or date on a long shelf, on %s", (kind) => {
  let database: Database;
  let store: Store;
  const start = Date.UTC(2026, 0, 1);
  const saffron = Array.from({ length: 40 }, (_, i) => ({
    name: `Kashmiri Saffron Pack ${i + 1}`,
    mrp: (2000 + i * 10) * 100,
    createdAt: new Date(start + i * 60_000),
  }));
  const plain = Array.from({ length: 600 }, (_, i) => ({
    name: `Plain Pantry Item ${i + 1}`,
    mrp: (10 + i) * 100,
    createdAt: new Date(start + (100 + i) * 60_000),
  }));
  const search = async (q: string, sort: ListingFilters["sort"], offset = 0) =>
    listProducts(database.db, store.id, { ...NO_FILTERS, q, sort }, { offset, limit: 24 });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `long-shelf-${kind}`, title: "Long Shelf Store" });
    await writeProducts(
      database,
      store.id,
      [...saffron, ...plain].map((p) => ({
        category: "Pantry",
        subCategory: "Dry Goods",
        brand: "Shelf",
        salePrice1: null,
        ...p,
      })),
    );
  });
  afterAll(() => database.close());

  const names = (list: { name: string }[]) => list.map((p) => p.name);
  const byPrice = (list: { name: string; mrp: number }[]) => [...list].sort((a, b) => a.mrp - b.mrp);
  const byDate = (list: { name: string; createdAt: Date }[]) =>
    [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

  it("finds matches that lie beyond the first rows in order, cheapest or newest first, page after page", async () => {
    const first = await search("saffron", "priceAsc");
    expect(names(first.products)).toEqual(names(byPrice(saffron).slice(0, 24)));
    expect(first.hasMore).toBe(true);
    const second = await search("saffron", "priceAsc", 24);
    expect(names(second.products)).toEqual(names(byPrice(saffron).slice(24)));
    expect(second.hasMore).toBe(false);
    expect(names((await search("saffron", "newest")).products)).toEqual(names(byDate(saffron).slice(0, 24)));
  });

  it("finds matches within the first rows in order the same way", async () => {
    expect(names((await search("saffron", "priceDesc")).products)).toEqual(
      names(byPrice(saffron).reverse().slice(0, 24)),
    );
    const plainFirst = await search("pantry item", "priceAsc", 48);
    expect(names(plainFirst.products)).toEqual(names(byPrice(plain).slice(48, 72)));
    expect(plainFirst.hasMore).toBe(true);
    expect(names((await search("pantry item", "newest")).products)).toEqual(names(byDate(plain).slice(0, 24)));
  });

  it("reads the postings merged, each product once, and finds every match when filters leave few", async () => {
    // Five packs hold both 'kesar' and its synonym 'saffron': in both postings.
    const both = saffron.slice(0, 5).map((p) => p.name);
    const renamed = (name: string) => name.replace("Kashmiri", "Kashmiri Kesar");
    for (const name of both) {
      await database.db
        .update(products)
        .set({ name: renamed(name) })
        .where(and(eq(products.storeId, store.id), eq(products.name, name)));
    }
    try {
      const expected = names(byPrice(saffron).slice(0, 24)).map((n) => (both.includes(n) ? renamed(n) : n));
      expect(names((await search("kesar", "priceAsc")).products)).toEqual(expected);
    } finally {
      for (const name of both) {
        await database.db
          .update(products)
          .set({ name })
          .where(and(eq(products.storeId, store.id), eq(products.name, renamed(name))));
      }
    }
    const cheap = await listProducts(
      database.db,
      store.id,
      { ...NO_FILTERS, q: "saffron", sort: "priceAsc", max: 2050 },
      { offset: 0, limit: 24 },
    );
    expect(names(cheap.products)).toEqual(names(byPrice(saffron).slice(0, 6)));
    expect(cheap.hasMore).toBe(false);
  });

  it("reads the postings with a price range and a discount checked on the lists themselves", async () => {
    // Newest first, the 600 plain items come before every saffron pack: the first rows in order
    // hold none, and the page comes from the word's postings, read with the range on its index.
    const statements = statementCounter(database);
    const upTo2100 = saffron.filter((p) => p.mrp <= 2100_00);
    const f = { ...NO_FILTERS, q: "saffron", sort: "newest" as const, max: 2100 };
    const page = await listProducts(statements.fresh(), store.id, f, { offset: 0, limit: 4 });
    expect(names(page.products)).toEqual(names(byDate(upTo2100).slice(0, 4)));
    expect(page.hasMore).toBe(true);
    // The synonyms and words, the first rows in order, the catalogue's words, the lists: no
    // fifth statement sorting every match.
    expect(statements.count).toBe(4);
    // All eleven packs in the range, fewer than a page: the lists held every one, so they are
    // the whole answer. None in the range: the count of the lists' entries says so at once.
    statements.reset();
    const whole = await listProducts(statements.fresh(), store.id, f, { offset: 0, limit: 24 });
    expect(names(whole.products)).toEqual(names(byDate(upTo2100)));
    expect(whole.hasMore).toBe(false);
    expect(statements.count).toBe(4);
    statements.reset();
    const none = await listProducts(
      statements.fresh(),
      store.id,
      { ...f, min: 1000, max: 1500 },
      { offset: 0, limit: 24 },
    );
    expect(none.products).toEqual([]);
    expect(statements.count).toBe(3);
    const later = await listProducts(database.db, store.id, { ...f, min: 2050 }, { offset: 2, limit: 4 });
    expect(names(later.products)).toEqual(names(byDate(upTo2100.filter((p) => p.mrp >= 2050_00)).slice(2, 6)));
    // A discount: every third pack sells a fifth below its MRP.
    const sale = saffron.filter((_, i) => i % 3 === 0);
    const byName = (name: string) => and(eq(products.storeId, store.id), eq(products.name, name));
    for (const item of sale)
      await database.db
        .update(products)
        .set({ salePrice1: item.mrp * 0.8 })
        .where(byName(item.name));
    try {
      for (const sort of ["newest", "priceAsc", "priceDesc"] as const) {
        const discounted = await listProducts(
          database.db,
          store.id,
          { ...NO_FILTERS, q: "saffron", sort, disc: 20 },
          { offset: 0, limit: 4 },
        );
        const expected =
          sort === "newest" ? byDate(sale) : sort === "priceAsc" ? byPrice(sale) : byPrice(sale).reverse();
        expect(names(discounted.products), sort).toEqual(names(expected.slice(0, 4)));
      }
    } finally {
      for (const item of sale) await database.db.update(products).set({ salePrice1: null }).where(byName(item.name));
    }
  });

  it("reads best match's tiers from the postings, and a tier whole where their first entries are not enough", async () => {
    const ranked = (q: string, offset: number, f: Partial<ListingFilters> = {}) =>
      listProducts(database.db, store.id, { ...NO_FILTERS, ...f, q, sort: "relevance" }, { offset, limit: 24 });
    // Which of the tiers' statements a search sent: read from the lists (merged in `w`), or
    // the tier's own.
    const tiersSent = async (run: () => Promise<unknown>) => {
      const sent = (await statementsSent(database, run)).filter((text) => text.includes('"search_name"'));
      const fromLists = sent.filter((text) => text.includes("search_postings") && text.includes("w.k desc"));
      return { fromLists: fromLists.length, own: sent.length - fromLists.length - 1 };
    };
    // 'item' is in the 600 plain items' names, and no shelf's: the names holding it come from its
    // list, newest first, with no statement of the tier's own.
    let items: ListingPage | undefined;
    expect(await tiersSent(async () => (items = await ranked("item", 0)))).toEqual({ fromLists: 1, own: 0 });
    expect(names(items?.products ?? [])).toEqual(names(byDate(plain).slice(0, 24)));
    // 'plain' starts their names: that tier too.
    let plainFirst: ListingPage | undefined;
    expect(await tiersSent(async () => (plainFirst = await ranked("plain", 24)))).toEqual({ fromLists: 1, own: 0 });
    expect(names(plainFirst?.products ?? [])).toEqual(names(byDate(plain).slice(24, 48)));
    // 'pantry' is in all 640 texts (the shelf's name) and the plain items' names. Past them, the
    // saffron packs, older: the list's first 512 entries hold none of them, so the tiers of names
    // off the shelf and of texts holding the word are read by their own statements.
    let past: ListingPage | undefined;
    expect(await tiersSent(async () => (past = await ranked("pantry", 600)))).toEqual({ fromLists: 2, own: 3 });
    expect(names(past?.products ?? [])).toEqual(names(byDate(saffron).slice(0, 24)));
    expect(past?.hasMore).toBe(true);
    const last = await ranked("pantry", 624);
    expect(names(last.products)).toEqual(names(byDate(saffron).slice(24)));
    expect(last.hasMore).toBe(false);
    // A word in fewer than 512 texts: its list is read whole, and what it holds is the answer.
    expect(names((await ranked("saffron", 0)).products)).toEqual(names(byDate(saffron).slice(0, 24)));
    expect(names((await ranked("saffron", 24)).products)).toEqual(names(byDate(saffron).slice(24)));
    // With a price range, counted on the lists: every match is among their entries in the range.
    const inRange = saffron.filter((p) => p.mrp >= 2000_00 && p.mrp <= 2100_00);
    expect(names((await ranked("pantry", 0, { min: 2000, max: 2100 })).products)).toEqual(names(byDate(inRange)));
    expect(names((await ranked("item", 0, { min: 2000, max: 2100 })).products)).toEqual([]);
  });

  it("keeps the postings with the products' prices, names and listing", async () => {
    const [cheapest, renamedOne, hidden] = byPrice(saffron).slice(-3);
    const byName = (name: string | undefined) => and(eq(products.storeId, store.id), eq(products.name, name ?? ""));
    await database.db.update(products).set({ mrp: 1_00 }).where(byName(cheapest?.name));
    await database.db.update(products).set({ name: "Kashmiri Mogra Pack" }).where(byName(renamedOne?.name));
    await database.db.update(products).set({ active: false }).where(byName(hidden?.name));
    // A tier price alone changes the best price and the discount the lists hold.
    const tiered = byPrice(saffron)[5];
    await database.db.update(products).set({ salePrice2: 5_00, saleQty2: 10 }).where(byName(tiered?.name));
    try {
      const page = names((await search("saffron", "priceAsc")).products);
      expect(page[0]).toBe(cheapest?.name);
      const all = names([...(await search("saffron", "priceDesc")).products]);
      expect(all).not.toContain(renamedOne?.name);
      expect(all).not.toContain(hidden?.name);
      // The lists hold exactly what the products say, word for word.
      const drift = (await database.db.execute(sql`select count(*)::int as n from (
          (select product_id, word, unit_price, created_at, best_price, discount_percent
              from search_postings where store_id = ${store.id}
            except select p.id, w, p.unit_price, p.created_at, p.best_price, p.discount_percent
              from products p, mandi_search_words_of(p.search_text) w where p.store_id = ${store.id} and p.active)
          union all
          (select p.id, w, p.unit_price, p.created_at, p.best_price, p.discount_percent
              from products p, mandi_search_words_of(p.search_text) w where p.store_id = ${store.id} and p.active
            except select product_id, word, unit_price, created_at, best_price, discount_percent
              from search_postings where store_id = ${store.id})
        ) d`)) as unknown as { rows: { n: number }[] };
      expect(drift.rows[0]?.n).toBe(0);
    } finally {
      await database.db
        .update(products)
        .set({ mrp: cheapest?.mrp ?? 0 })
        .where(byName(cheapest?.name));
      await database.db.update(products).set({ name: renamedOne?.name }).where(byName("Kashmiri Mogra Pack"));
      await database.db.update(products).set({ active: true }).where(byName(hidden?.name));
      await database.db.update(products).set({ salePrice2: null, saleQty2: null }).where(byName(tiered?.name));
    }
    expect(names((await search("saffron", "priceAsc")).products)).toEqual(names(byPrice(saffron).slice(0, 24)));
  });
});

describe.each(databaseKinds)("listing and search on %s", (kind) => {
  let database: Database;
  let store: Store;
  const names = async (f: Partial<ListingFilters>, range = { offset: 0, limit: 24 }) =>
    (await listProducts(database.db, store.id, { ...NO_FILTERS, ...f }, range)).products.map((p) => p.name);
  const byName = (list: string[]) => [...list].sort();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `listing-${kind}`, title: "Listing Test Store" });
    const start = Date.UTC(2026, 0, 1);
    await writeProducts(
      database,
      store.id,
      smallCatalogue.map((p, i) => ({ ...p, createdAt: new Date(start + i * 60_000) })),
    );
  });
  afterAll(() => database.close());

  it("lists active products newest first", async () => {
    const list = await names({});
    expect(list[0]).toBe("Cumin Seeds 1 kg");
    expect(list.at(-1)).toBe("Aashirvaad Whole Wheat Atta 10 kg");
    expect(list).toHaveLength(8);
    expect(list).not.toContain("Hidden Desi Ghee 1 L");
  });

  it("pages with hasMore", async () => {
    const first = await listProducts(database.db, store.id, NO_FILTERS, { offset: 0, limit: 3 });
    expect(first.products).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    const last = await listProducts(database.db, store.id, NO_FILTERS, { offset: 6, limit: 3 });
    expect(last.products).toHaveLength(2);
    expect(last.hasMore).toBe(false);
  });

  it("filters by category slug or name, and by sub-category", async () => {
    const flours = [
      "Aashirvaad Whole Wheat Atta 10 kg",
      "Fortune Chakki Fresh Wheat Flour 5 kg",
      "India Gate Basmati Rice 25 kg",
      "Rajdhani Besan 1 kg",
    ];
    expect(byName(await names({ category: "rice-atta-and-flours" }))).toEqual(flours);
    expect(byName(await names({ category: "Rice, Atta & Flours" }))).toEqual(flours);
    expect(byName(await names({ category: "rice-atta-and-flours", sub: "atta" }))).toEqual(flours.slice(0, 2));
    expect(await names({ category: "no-such-category" })).toEqual([]);
  });

  it("filters by brand name or brand id, the id winning when both are given", async () => {
    expect(await names({ brand: "amul" })).toEqual(["Amul Malai Paneer 1 kg"]);
    const [fortune] = await database.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.storeId, store.id), eq(brands.name, "Fortune")));
    const f = parseListingParams(new URLSearchParams({ brand: "Amul", brandId: fortune?.id ?? "" }));
    expect(await names(f)).toEqual(["Fortune Chakki Fresh Wheat Flour 5 kg"]);
  });

  it("filters on the best price, min and max inclusive", async () => {
    expect(byName(await names({ min: 230, max: 450 }))).toEqual([
      "Amul Malai Paneer 1 kg",
      "Fortune Chakki Fresh Wheat Flour 5 kg",
      "Nestle Dahi 5 kg",
    ]);
    expect(await names({ max: 100 })).toEqual(["Rajdhani Besan 1 kg"]);
  });

  it("filters on the rounded discount and leaves out products with no MRP above the best price", async () => {
    expect(byName(await names({ disc: 20 }))).toEqual([
      "Fortune Chakki Fresh Wheat Flour 5 kg",
      "India Gate Basmati Rice 25 kg",
      "Nestle Dahi 5 kg",
      "Rajdhani Besan 1 kg",
    ]);
    expect(await names({ disc: 1 })).not.toContain("Amul Malai Paneer 1 kg");
    expect(await names({ disc: 1 })).not.toContain("Everest Jeera Powder 500 g");
  });

  it("sorts by best price both ways", async () => {
    const asc = await names({ sort: "priceAsc" });
    expect(asc.slice(0, 3)).toEqual([
      "Rajdhani Besan 1 kg",
      "Everest Jeera Powder 500 g",
      "Fortune Chakki Fresh Wheat Flour 5 kg",
    ]);
    expect(await names({ sort: "priceDesc" })).toEqual([...asc].reverse());
  });

  it("combines filters, sort and paging", async () => {
    const page = await listProducts(
      database.db,
      store.id,
      { ...NO_FILTERS, category: "rice-atta-and-flours", min: 200, sort: "priceDesc" },
      { offset: 1, limit: 1 },
    );
    expect(page.products.map((p) => p.name)).toEqual(["Aashirvaad Whole Wheat Atta 10 kg"]);
    expect(page.hasMore).toBe(true);
  });

  describe("search", () => {
    const search = (q: string) => names({ q, sort: "relevance" });
    /** A whole page of best matches, with how it matched. */
    const ranked = (q: string, range = { offset: 0, limit: 8 }) =>
      listProducts(database.db, store.id, { ...NO_FILTERS, q, sort: "relevance" }, range);

    it("matches the start of words in the name, case-insensitive", async () => {
      expect(await search("BASMATI")).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(await search("bas")).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(await search("whole wheat")).toEqual(["Aashirvaad Whole Wheat Atta 10 kg"]);
    });

    it("matches category, sub-category, brand, SKU and ids", async () => {
      expect(byName(await search("spices"))).toEqual(["Cumin Seeds 1 kg", "Everest Jeera Powder 500 g"]);
      expect(await search("milk products")).toEqual(["Nestle Dahi 5 kg"]);
      expect(await search("catch")).toEqual(["Cumin Seeds 1 kg"]);
      expect(await search("sku-0042")).toEqual(["Nestle Dahi 5 kg"]);
      const [paneer] = await database.db
        .select({ id: products.id, brandId: products.brandId })
        .from(products)
        .where(eq(products.name, "Amul Malai Paneer 1 kg"));
      expect(await search(paneer?.id ?? "")).toEqual(["Amul Malai Paneer 1 kg"]);
      expect(await search(paneer?.brandId ?? "")).toEqual(["Amul Malai Paneer 1 kg"]);
    });

    it("finds an id whole, and no word by the parts of an id", async () => {
      // An id split at its dashes starts words: 'cafe', 'beef' and 'face' here.
      const id = "cafe0000-beef-4000-8000-00000000face";
      const paneer = and(eq(products.storeId, store.id), eq(products.name, "Amul Malai Paneer 1 kg"));
      const [before] = await database.db.select({ id: products.id }).from(products).where(paneer);
      // A new id, and the name written again so that the trigger writes the search text anew.
      await database.db.update(products).set({ id, name: "Amul Malai Paneer 1 kg" }).where(paneer);
      try {
        for (const word of ["cafe", "beef", "face", "0000"]) expect(await search(word)).toEqual([]);
        expect(await search(id)).toEqual(["Amul Malai Paneer 1 kg"]);
        expect(await search(` ${id.toUpperCase()} `)).toEqual(["Amul Malai Paneer 1 kg"]);
        // search_words has no Drizzle table; both drivers answer execute() with { rows }.
        const words = (await database.db.execute(
          sql`select word from search_words where store_id = ${store.id} and word in ('cafe', 'beef', 'face')`,
        )) as unknown as { rows: { word: string }[] };
        expect(words.rows).toEqual([]);
      } finally {
        await database.db.update(products).set({ id: before?.id }).where(eq(products.id, id));
      }
    });

    it("finds a pack size typed without its space, and a name that writes it so", async () => {
      expect(await search("atta 10kg")).toEqual(["Aashirvaad Whole Wheat Atta 10 kg"]);
      expect(await search("Paneer 1KG")).toEqual(["Amul Malai Paneer 1 kg"]);
      // The unit as shoppers type it; and '1' with a unit after it does not start '10 kg'.
      expect(byName(await search("1 kgs"))).toEqual([
        "Amul Malai Paneer 1 kg",
        "Cumin Seeds 1 kg",
        "Rajdhani Besan 1 kg",
      ]);
      expect(await search("jeera powder 500gms")).toEqual(["Everest Jeera Powder 500 g"]);
      const dahi = (name: string) => and(eq(products.storeId, store.id), eq(products.name, name));
      await database.db.update(products).set({ name: "Nestle Dahi 5KG" }).where(dahi("Nestle Dahi 5 kg"));
      try {
        expect(await search("dahi 5 kg")).toEqual(["Nestle Dahi 5KG"]);
        expect(await search("curd 5kg")).toEqual(["Nestle Dahi 5KG"]);
        expect(await search("nestle dahi 5")).toEqual(["Nestle Dahi 5KG"]);
        const words = (await database.db.execute(
          sql`select word from search_words where store_id = ${store.id} and word like '5%'`,
        )) as unknown as { rows: { word: string }[] };
        expect(words.rows).toEqual([]);
      } finally {
        await database.db.update(products).set({ name: "Nestle Dahi 5 kg" }).where(dahi("Nestle Dahi 5KG"));
      }
    });

    it("finds a name written in an Indian script by its words", async () => {
      const jeera = (name: string) => and(eq(products.storeId, store.id), eq(products.name, name));
      await database.db
        .update(products)
        .set({ name: "Everest हल्दी पाउडर 500g" })
        .where(jeera("Everest Jeera Powder 500 g"));
      try {
        expect(await search("हल्दी")).toEqual(["Everest हल्दी पाउडर 500g"]);
        expect(await search("हल्दी पाउडर 500 g")).toEqual(["Everest हल्दी पाउडर 500g"]);
      } finally {
        await database.db
          .update(products)
          .set({ name: "Everest Jeera Powder 500 g" })
          .where(jeera("Everest हल्दी पाउडर 500g"));
      }
    });

    it("writes a product's search text as it reads a query", async () => {
      for (const text of [
        "Atta 5kg",
        "OIL 15L",
        "1.5kg",
        "12x500g",
        "Vitamin B12",
        "a1b2",
        "हल्दी 100g",
        "हल्दी। ₹5",
        "মশলা",
        "மஞ்சள்",
        "Crème brûlée",
        "  --  ",
      ]) {
        const result = (await database.db.execute(sql`select mandi_search_normalise(${text}) as n`)) as unknown as {
          rows: { n: string }[];
        };
        expect(result.rows[0]?.n, text).toBe(normaliseSearchText(text));
      }
    });

    it("ranks names that start with the query, then names holding it, then the rest", async () => {
      expect(await search("india gate")).toEqual(["India Gate Basmati Rice 25 kg"]);
      // 'atta' (or its synonym 'wheat flour') is in two names, and in the category of all four.
      const list = await search("atta");
      expect(byName(list.slice(0, 2))).toEqual([
        "Aashirvaad Whole Wheat Atta 10 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
      ]);
      expect(byName(list.slice(2))).toEqual(["India Gate Basmati Rice 25 kg", "Rajdhani Besan 1 kg"]);
      // 'Rajdhani' starts a name: that product comes before newer ones that only hold the word.
      expect((await search("rajdhani"))[0]).toBe("Rajdhani Besan 1 kg");
    });

    it("pages through ranked results without repeating a product", async () => {
      const range = (offset: number) =>
        listProducts(database.db, store.id, { ...NO_FILTERS, q: "kg", sort: "relevance" }, { offset, limit: 3 });
      const pages = [await range(0), await range(3), await range(6)];
      const all = pages.flatMap((p) => p.products.map((x) => x.name));
      expect(new Set(all).size).toBe(all.length);
      expect(pages[0]?.hasMore).toBe(true);
    });

    it("ranks names holding every word, in any order, before products matched by other fields", async () => {
      const holds = (name: string) => {
        const words = name.toLowerCase().split(/[^a-z0-9]+/);
        return (
          words.some((w) => w.startsWith("basmati")) &&
          words.some((w) => w.startsWith("rice") || w.startsWith("chawal"))
        );
      };
      const names = await search("rice basmati");
      expect(names[0]).toBe("India Gate Basmati Rice 25 kg");
      const firstOther = names.findIndex((n) => !holds(n));
      if (firstOther >= 0) expect(names.slice(firstOther).some(holds)).toBe(false);
    });

    it("pages across the ranking's tiers in the same order as one long page", async () => {
      // 'rajdhani' starts one name and is the brand of others: pages of one cross the tiers.
      for (const q of ["atta", "rajdhani", "kg", "rice basmati"]) {
        const whole = await search(q);
        const paged: string[] = [];
        for (let offset = 0; offset < whole.length + 1; offset += 1) {
          const page = await listProducts(
            database.db,
            store.id,
            { ...NO_FILTERS, q, sort: "relevance" },
            { offset, limit: 1 },
          );
          paged.push(...page.products.map((p) => p.name));
          expect(page.hasMore).toBe(offset + 1 < whole.length);
        }
        expect(paged).toEqual(whole);
      }
    });

    it("answers searches of one shape, one after another, each with its own words and filters", async () => {
      // A tier's statement is built once per shape (listing.server.ts, tierPage): these share
      // shapes, or differ only in whether their words can overlap ('bas basmati').
      expect(await search("india gate")).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(await search("whole wheat")).toEqual(["Aashirvaad Whole Wheat Atta 10 kg"]);
      expect(await search("gate india")).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(await search("bas basmati")).toEqual(["India Gate Basmati Rice 25 kg"]);
      // '1' starts '10': the name must hold both, not either (as 'india gate' is written).
      expect(await search("1 10")).toEqual(["Aashirvaad Whole Wheat Atta 10 kg"]);
      expect(await search("malai paneer")).toEqual(["Amul Malai Paneer 1 kg"]);
      const inCategory = (q: string, category: string) => names({ q, category, sort: "relevance" });
      expect(await inCategory("kg", "dairy-and-eggs")).toEqual(["Nestle Dahi 5 kg", "Amul Malai Paneer 1 kg"]);
      expect(byName(await inCategory("kg", "spices-and-masala"))).toEqual(["Cumin Seeds 1 kg"]);
      // '1' starts '10' too; the newer first.
      expect(await inCategory("1", "rice-atta-and-flours")).toEqual([
        "Rajdhani Besan 1 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
      ]);
      // A number with its unit is one phrase: '1 kg' is not '10 kg'.
      expect(await inCategory("1 kg", "rice-atta-and-flours")).toEqual(["Rajdhani Besan 1 kg"]);
    });

    it("finds products through synonyms", async () => {
      expect(await search("curd")).toEqual(["Nestle Dahi 5 kg"]);
      expect(byName(await search("cumin"))).toEqual(["Cumin Seeds 1 kg", "Everest Jeera Powder 500 g"]);
      expect(await search("gram flour")).toEqual(["Rajdhani Besan 1 kg"]);
      expect(await search("turmeric")).toEqual([]);
    });

    it("ranks names holding the words as typed before names holding a synonym", async () => {
      // The wheat flour is newer than the atta, and the cumin seeds than the jeera powder: newest
      // first, each came before the product named with the word the shopper typed.
      expect((await search("atta")).slice(0, 2)).toEqual([
        "Aashirvaad Whole Wheat Atta 10 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
      ]);
      expect((await search("wheat flour")).slice(0, 2)).toEqual([
        "Fortune Chakki Fresh Wheat Flour 5 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
      ]);
      expect(await search("jeera")).toEqual(["Everest Jeera Powder 500 g", "Cumin Seeds 1 kg"]);
      expect(await search("cumin")).toEqual(["Cumin Seeds 1 kg", "Everest Jeera Powder 500 g"]);
      expect((await suggestProducts(database.db, store.id, "jeera")).map((s) => s.name)).toEqual([
        "Everest Jeera Powder 500 g",
        "Cumin Seeds 1 kg",
      ]);
      // A shop's own synonyms rank the same way.
      const [group] = await database.db
        .insert(searchSynonyms)
        .values({ storeId: store.id, terms: ["whole wheat", "chakki"] })
        .returning();
      expect(await search("whole wheat")).toEqual([
        "Aashirvaad Whole Wheat Atta 10 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
      ]);
      await database.db.delete(searchSynonyms).where(eq(searchSynonyms.id, group?.id ?? ""));
    });

    it("looks for the words as typed first only when synonyms widen them and the catalogue has them all", async () => {
      const start = searchStartsFrom(database.db);
      const asTyped = async (q: string) => (await start(store.id, q)).asTyped?.units;
      expect(await asTyped("jeera")).toEqual([["jeera"]]);
      expect(await asTyped("wheat flour 10 kg")).toEqual([["wheat flour"], ["10 kg"]]);
      // No product says 'cottage cheese': the plan leaves it out, and is the query as typed.
      expect(await asTyped("amul paneer")).toBeUndefined();
      // No synonym: the plan is the query as typed.
      expect(await asTyped("amul")).toBeUndefined();
      // No name or field of the shelf says 'curd' or 'yogurt': only the synonym can match.
      expect(await asTyped("curd")).toBeUndefined();
      expect(await asTyped("amul yogurt")).toBeUndefined();
      // 'curd' costs what it did: the start, then the names holding a synonym.
      const statements = statementCounter(database);
      const counted = statements.fresh();
      await listProducts(counted, store.id, { ...NO_FILTERS, q: "curd", sort: "relevance" }, { offset: 0, limit: 8 });
      expect(statements.count).toBe(3);
    });

    it("leaves out the synonyms no active product holds, and finds what it found with them", async () => {
      const start = searchStartsFrom(database.db);
      const units = async (q: string) => (await start(store.id, q)).plan.units;
      // The shelf says 'wheat flour' and not 'gehun'; 'cumin', and not 'cottage cheese'.
      expect(await units("atta")).toEqual([["atta", "wheat flour"]]);
      expect(await units("gehun")).toEqual([["atta", "wheat flour"]]);
      expect(await units("jeera")).toEqual([["jeera", "cumin"]]);
      expect(await units("amul paneer 1 kg")).toEqual([["amul"], ["paneer"], ["1 kg"]]);
      // Built-in synonyms are checked in the start's one statement.
      const statements = statementCounter(database);
      await searchStartsFrom(statements.fresh())(store.id, "gehun");
      expect(statements.count).toBe(1);

      // A shop's groups are checked too. Only a switched-off product says 'desi ghee'.
      const groups = [
        ["desi ghee", "malai", "zafrani"],
        ["kesar patti", "saffron tea"],
      ];
      const added = await database.db
        .insert(searchSynonyms)
        .values(groups.map((terms) => ({ storeId: store.id, terms })))
        .returning();
      try {
        expect(await units("desi ghee")).toEqual([["malai"]]);
        // A unit none of whose terms any product holds is kept whole, and matches nothing.
        expect(await units("kesar patti")).toEqual([["kesar patti", "saffron tea"]]);
        // The same products as the plan with every synonym, in every order.
        const everySynonym = (q: string) => async () => ({ plan: planSearch(q, groups) });
        for (const q of [
          "atta",
          "gehun",
          "paneer",
          "jeera",
          "amul paneer",
          "wheat flour 5 kg",
          "desi",
          "kesar patti",
        ]) {
          for (const sort of ["priceAsc", "newest"] as const) {
            const f = { ...NO_FILTERS, q, sort };
            const range = { offset: 0, limit: 24 };
            const withEvery = await listProducts(database.db, store.id, f, range, everySynonym(q));
            expect(await names(f), `${q} ${sort}`).toEqual(withEvery.products.map((p) => p.name));
          }
        }
        expect(await search("kesar patti")).toEqual([]);
        // Once a product says it, the term is searched again.
        await database.db
          .update(products)
          .set({ active: true })
          .where(and(eq(products.storeId, store.id), eq(products.name, "Hidden Desi Ghee 1 L")));
        expect(await units("desi ghee")).toEqual([["desi ghee", "malai"]]);
        expect(await search("desi ghee")).toContain("Hidden Desi Ghee 1 L");
      } finally {
        await database.db
          .update(products)
          .set({ active: false })
          .where(and(eq(products.storeId, store.id), eq(products.name, "Hidden Desi Ghee 1 L")));
        for (const group of added) await database.db.delete(searchSynonyms).where(eq(searchSynonyms.id, group.id));
      }
    });

    it("uses the shop's own synonyms", async () => {
      expect(await search("chhena")).toEqual([]);
      await database.db.insert(searchSynonyms).values({ storeId: store.id, terms: ["chhena", "paneer"] });
      expect(await search("chhena")).toEqual(["Amul Malai Paneer 1 kg"]);
    });

    it("forgives typing mistakes when nothing matches exactly", async () => {
      const panner = await ranked("panner");
      expect(panner.match).toBe("similar");
      expect(panner.products.map((p) => p.name)).toEqual(["Amul Malai Paneer 1 kg"]);
      expect(await search("basmti")).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(await search("xyzzy")).toEqual([]);
    });

    it("goes straight to close spellings when a word is nowhere in the catalogue", async () => {
      // Count the statements: the synonyms with the words' check, then the ranked queries for
      // the close spellings only. Searching for 'panner' as typed first would take four more.
      const statements = statementCounter(database);
      const counted = statements.fresh();
      const page = await listProducts(
        counted,
        store.id,
        { ...NO_FILTERS, q: "panner", sort: "relevance" },
        {
          offset: 0,
          limit: 8,
        },
      );
      expect(page.match).toBe("similar");
      expect(page.products.map((p) => p.name)).toEqual(["Amul Malai Paneer 1 kg"]);
      expect(statements.count).toBeLessThanOrEqual(4);
    });

    it("leaves out a word with no close spelling, and shows what the other words find as similar", async () => {
      const similar = (q: string) =>
        ranked(q).then((page) => ({ match: page.match, names: page.products.map((p) => p.name) }));
      expect(await similar("basmti xyzzy")).toEqual({ match: "similar", names: ["India Gate Basmati Rice 25 kg"] });
      // Too short to be matched loosely ('qqq'), so nothing stands in for it.
      expect(await similar("basmati qqq")).toEqual({ match: "similar", names: ["India Gate Basmati Rice 25 kg"] });
      expect(await similar("paneer sachets")).toEqual({ match: "similar", names: ["Amul Malai Paneer 1 kg"] });
      // Such words alone find nothing.
      expect(await ranked("xyzzy qqq")).toMatchObject({ products: [], match: "exact" });
      // Both misspelt, both with a close spelling: the products that have both.
      expect(await search("indai basmti")).toEqual(["India Gate Basmati Rice 25 kg"]);
    });

    it("shows what the other words find when a word's close spellings find nothing with them", async () => {
      // 'panner' is spelt like paneer, but no paneer is basmati.
      const page = await ranked("panner basmati");
      expect(page.match).toBe("similar");
      expect(page.products.map((p) => p.name)).toEqual(["India Gate Basmati Rice 25 kg"]);
      // Every page decides alike: the second is empty, not the close spellings' second page.
      expect((await ranked("panner basmati", { offset: 1, limit: 8 })).products).toEqual([]);
      expect(await names({ q: "panner basmati", category: "dairy-and-eggs", sort: "priceAsc" })).toEqual([]);
    });

    it("shows the products holding every word but one when no product holds them all", async () => {
      // 'rice' is in four products (a name, and the category of all four), 'everest' in one:
      // leaving out the commoner word keeps the narrower ask first.
      const everestRice = await ranked("everest rice");
      expect(everestRice.match).toBe("similar");
      expect(everestRice.products.map((p) => p.name)).toEqual([
        "Everest Jeera Powder 500 g",
        "India Gate Basmati Rice 25 kg",
        "Rajdhani Besan 1 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
      ]);
      // A pack size is left out first: Amul's paneer in another size.
      const amul = await ranked("amul paneer 5 kg");
      expect(amul.match).toBe("similar");
      expect(amul.products.map((p) => p.name)).toEqual(["Amul Malai Paneer 1 kg"]);
      // A chosen sort orders them all as one list.
      expect(await names({ q: "everest rice", sort: "priceAsc" })).toEqual([
        "Rajdhani Besan 1 kg",
        "Everest Jeera Powder 500 g",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
        "India Gate Basmati Rice 25 kg",
      ]);
      // Filters hold: among rice, atta and flours, no Everest; newest first.
      expect(await names({ q: "everest rice", category: "rice-atta-and-flours", sort: "newest" })).toEqual([
        "Rajdhani Besan 1 kg",
        "India Gate Basmati Rice 25 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
      ]);
      // Every page decides alike, and pages as one long list.
      for (const [q, sort] of [
        ["everest rice", "relevance"],
        ["everest rice", "priceDesc"],
      ] as const) {
        const whole = await names({ q, sort });
        const paged: string[] = [];
        for (let offset = 0; offset <= whole.length; offset += 2) {
          const page = await listProducts(database.db, store.id, { ...NO_FILTERS, q, sort }, { offset, limit: 2 });
          expect(page.match).toBe("similar");
          expect(page.hasMore).toBe(offset + 2 < whole.length);
          paged.push(...page.products.map((p) => p.name));
        }
        expect(paged).toEqual(whole);
      }
    });

    it("reads only the plans of every word but one that some product holds", async () => {
      // 'everest jeera paneer': only Everest Jeera Powder holds two of the words; no product
      // holds 'jeera' (or 'cumin') with 'paneer', or 'everest' with 'paneer'.
      const page = await ranked("everest jeera paneer");
      expect(page.match).toBe("similar");
      expect(page.products.map((p) => p.name)).toEqual(["Everest Jeera Powder 500 g"]);
      expect(await names({ q: "everest jeera paneer", sort: "priceDesc" })).toEqual(["Everest Jeera Powder 500 g"]);
      // The whole plan's tiers, its units' counts and which units go together, then the one plan
      // some product holds: no statement for the two plans nothing holds (13 statements, and 6
      // with the price range below, when each plan was read).
      const statements = statementCounter(database);
      const counted = statements.fresh();
      const q = "everest jeera paneer";
      const start = await searchStartsFrom(counted)(store.id, q);
      statements.reset();
      await listProducts(counted, store.id, { ...NO_FILTERS, q, sort: "relevance" }, { offset: 0, limit: 8 }, () =>
        Promise.resolve(start),
      );
      expect(statements.count).toBe(8);
      // A price range no product of theirs is in leaves no plan to read.
      statements.reset();
      const priced = await listProducts(
        counted,
        store.id,
        { ...NO_FILTERS, q, sort: "relevance", min: 9_000_000 },
        { offset: 0, limit: 8 },
        () => Promise.resolve(start),
      );
      expect(priced.products).toEqual([]);
      expect(statements.count).toBe(4);
      // Three units whose plans nothing holds but one: what the sets say, as a rule.
      const leading = [["everest"], null, ["paneer"]];
      expect(mayHoldAllBut([0b011, 0b101], leading, 1)).toBe(true);
      expect(mayHoldAllBut([0b011], leading, 1)).toBe(false);
      expect(mayHoldAllBut([0b011], leading, 2)).toBe(true);
      expect(mayHoldAllBut([], [["amul"], null, null], 0)).toBe(true);
    });

    it("finds a word of the catalogue typed as two ('dish wash' for Dishwash)", async () => {
      const named = (name: string) => and(eq(products.storeId, store.id), eq(products.name, name));
      await database.db.update(products).set({ name: "Vim Dishwash Bar 500 g" }).where(named("Cumin Seeds 1 kg"));
      try {
        expect(await ranked("dish wash")).toMatchObject({ match: "exact" });
        expect(await search("dish wash")).toEqual(["Vim Dishwash Bar 500 g"]);
        expect(await search("Dish Wash bar 500g")).toEqual(["Vim Dishwash Bar 500 g"]);
        // As it is being typed.
        expect(await search("dish w")).toEqual(["Vim Dishwash Bar 500 g"]);
        expect(await names({ q: "dish wash", sort: "priceDesc" })).toEqual(["Vim Dishwash Bar 500 g"]);
        // No word of the shelf starts with 'wash': it is left out beside the joined word. What
        // the start found of each word is enough: it needs no statement more.
        const statements = statementCounter(database);
        const start = await searchStartsFrom(statements.fresh())(store.id, "dish wash");
        expect(start.plan.units).toEqual([["dish", "dishwash"], ["dishwash"]]);
        expect(statements.count).toBe(1);
      } finally {
        await database.db.update(products).set({ name: "Cumin Seeds 1 kg" }).where(named("Vim Dishwash Bar 500 g"));
      }
    });

    it("respells a missing word in a filtered, sorted listing", async () => {
      const page = await listProducts(
        database.db,
        store.id,
        { ...NO_FILTERS, q: "panner", category: "dairy-and-eggs", sort: "priceAsc" },
        { offset: 0, limit: 24 },
      );
      expect(page.match).toBe("similar");
      expect(page.products.map((p) => p.name)).toEqual(["Amul Malai Paneer 1 kg"]);
      expect(await names({ q: "panner", category: "spices-and-masala", sort: "priceAsc" })).toEqual([]);
    });

    it("keeps the index current when a product, category or brand changes", async () => {
      await database.db
        .update(products)
        .set({ name: "Nestle Fresh Curd Tub 5 kg" })
        .where(eq(products.sku, "SKU-0042"));
      expect(await search("tub")).toEqual(["Nestle Fresh Curd Tub 5 kg"]);
      await database.db
        .update(brands)
        .set({ name: "Catch Foods" })
        .where(and(eq(brands.storeId, store.id), eq(brands.name, "Catch")));
      expect(await search("catch foods")).toEqual(["Cumin Seeds 1 kg"]);
    });

    it("tells a typo from a word that starts a longer word of letters and digits", async () => {
      // 'jeerakam' starts only 'jeerakam500g', which is not a word of letters: search_words
      // keeps its leading letters, so the search still knows the word and matches it exactly.
      const cumin = and(eq(products.storeId, store.id), eq(products.name, "Cumin Seeds 1 kg"));
      await database.db.update(products).set({ name: "Cumin Seeds Jeerakam500g 1 kg" }).where(cumin);
      try {
        const page = await ranked("jeerakam");
        expect(page.match).toBe("exact");
        expect(page.products.map((p) => p.name)).toEqual(["Cumin Seeds Jeerakam500g 1 kg"]);
      } finally {
        await database.db
          .update(products)
          .set({ name: "Cumin Seeds 1 kg" })
          .where(and(eq(products.storeId, store.id), eq(products.name, "Cumin Seeds Jeerakam500g 1 kg")));
      }
    });

    it("knows the words a renamed category brings, so they match exactly", async () => {
      const spices = and(eq(categories.storeId, store.id), eq(categories.name, "Spices & Masala"));
      await database.db.update(categories).set({ name: "Masala Dabba Essentials" }).where(spices);
      try {
        const page = await ranked("dabba");
        expect(page.match).toBe("exact");
        expect(byName(page.products.map((p) => p.name))).toEqual(["Cumin Seeds 1 kg", "Everest Jeera Powder 500 g"]);
      } finally {
        await database.db
          .update(categories)
          .set({ name: "Spices & Masala" })
          .where(and(eq(categories.storeId, store.id), eq(categories.name, "Masala Dabba Essentials")));
      }
    });

    it("pages close spellings the same way as the first page", async () => {
      const [first, second] = [
        await ranked("basmti", { offset: 0, limit: 1 }),
        await ranked("basmti", { offset: 1, limit: 1 }),
      ];
      expect(first.match).toBe("similar");
      expect(first.products.map((p) => p.name)).toEqual(["India Gate Basmati Rice 25 kg"]);
      expect(first.hasMore).toBe(false);
      expect(second).toMatchObject({ match: "similar", products: [], hasMore: false });
    });

    it("combines the search with filters and sorts", async () => {
      expect(await names({ q: "kg", category: "dairy-and-eggs", sort: "priceAsc" })).toEqual([
        "Nestle Fresh Curd Tub 5 kg",
        "Amul Malai Paneer 1 kg",
      ]);
    });

    it("finds and suggests nothing for a search with no letters or digits in it", async () => {
      for (const q of ["*", "%_", "--", "!!!"]) {
        expect(await search(q), q).toEqual([]);
        expect(await suggestProducts(database.db, store.id, q), q).toEqual([]);
      }
    });

    it("answers the same from a search's remembered start as from the database's", async () => {
      // As server/app.ts remembers starts: one shared, frozen answer per store and query.
      const fromDatabase = searchStartsFrom(database.db);
      const remembered = new Map<string, Promise<SearchStart>>();
      let lookups = 0;
      const starts = (storeId: string, q: string) => {
        let start = remembered.get(q);
        if (!start) {
          lookups++;
          start = fromDatabase(storeId, q);
          remembered.set(q, start);
        }
        return start;
      };
      const queries = [
        "atta",
        "curd",
        "cumin",
        "malai paneer",
        "india gate",
        "kg",
        "panner",
        "basmti",
        "bsmti rce",
        "xyzzy",
      ];
      for (let round = 0; round < 2; round++) {
        for (const q of queries) {
          for (const sort of ["relevance", "priceAsc", "newest"] as const) {
            for (const offset of [0, 1]) {
              const f = { ...NO_FILTERS, q, sort };
              const range = { offset, limit: 2 };
              const expected = await listProducts(database.db, store.id, f, range);
              expect(await listProducts(database.db, store.id, f, range, starts), `${q} ${sort} ${offset}`).toEqual(
                expected,
              );
            }
          }
          expect(await suggestProducts(database.db, store.id, q, 8, starts)).toEqual(
            await suggestProducts(database.db, store.id, q, 8),
          );
        }
      }
      expect(lookups).toBe(queries.length);
      const start = await starts(store.id, "panner");
      expect(Object.isFrozen(start) && Object.isFrozen(start.plan.units[0])).toBe(true);
      expect(() => start.plan.units.push(["paper"])).toThrow(TypeError);
    });

    it("knows from a search's start when no name starts with the query, and answers the same without that tier", async () => {
      const fromDatabase = searchStartsFrom(database.db);
      expect((await fromDatabase(store.id, "amul")).nameStarts).toBe(true);
      expect((await fromDatabase(store.id, "Amul Malai")).nameStarts).toBe(true);
      for (const q of ["malai paneer", "curd", "kg", "panner", "xyzzy"]) {
        expect((await fromDatabase(store.id, q)).nameStarts, q).toBe(false);
      }
      // The same start with nothing known of names: every tier is read.
      const unknowing = async (storeId: string, q: string): Promise<SearchStart> => {
        const { nameStarts: _known, ...start } = await fromDatabase(storeId, q);
        return start;
      };
      for (const q of ["amul", "malai paneer", "curd", "kg", "paneer 1", "atta", "cumin"]) {
        for (const offset of [0, 1, 2]) {
          const f = { ...NO_FILTERS, q, sort: "relevance" as const };
          const range = { offset, limit: 2 };
          expect(await listProducts(database.db, store.id, f, range, fromDatabase), `${q} ${offset}`).toEqual(
            await listProducts(database.db, store.id, f, range, unknowing),
          );
        }
        expect(await suggestProducts(database.db, store.id, q, 8, fromDatabase), q).toEqual(
          await suggestProducts(database.db, store.id, q, 8, unknowing),
        );
      }
    });

    it("knows where a search's matches lie: how many active products per category, sub-category and brand", async () => {
      const planOf = async (q: string) => (await searchStartsFrom(database.db)(store.id, q)).plan;
      const sorted = (facets: SearchFacets) => ({
        categories: facets.categories.map(({ slug, name, count }) => [slug, name, count]).sort(),
        subs: facets.subs.map(({ slug, name, count }) => [slug, name, count]).sort(),
        brands: facets.brands.map(({ slug, name, count }) => [slug, name, count]).sort(),
      });
      // 'atta' is in the category's name: every product of it matches, and the synonym 'wheat flour' too.
      expect(sorted(await searchFacets(database.db, store.id, await planOf("atta")))).toEqual({
        categories: [["rice-atta-and-flours", "rice, atta & flours", 4]],
        subs: [
          ["atta", "atta", 2],
          ["besan", "besan", 1],
          ["rice", "rice", 1],
        ],
        brands: [
          ["aashirvaad", "aashirvaad", 1],
          ["fortune", "fortune", 1],
          ["india-gate", "india gate", 1],
          ["rajdhani", "rajdhani", 1],
        ],
      });
      const cumin = await searchFacets(database.db, store.id, await planOf("cumin"));
      expect(sorted(cumin)).toEqual({
        categories: [["spices-and-masala", "spices & masala", 2]],
        subs: [
          ["ground-spices", "ground spices", 1],
          ["whole-spices", "whole spices", 1],
        ],
        brands: [
          ["catch", "catch foods", 1],
          ["everest", "everest", 1],
        ],
      });
      const [catchBrand] = await database.db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.storeId, store.id), eq(brands.slug, "catch")));
      expect(cumin.brands.find((entry) => entry.slug === "catch")?.id).toBe(catchBrand?.id);
      // The only ghee is not listed: nothing matches.
      expect(await searchFacets(database.db, store.id, await planOf("desi ghee"))).toEqual({
        categories: [],
        subs: [],
        brands: [],
      });
    });

    it("answers the same with a search's facets known: nothing read where its words are not, every match at once where few are", async () => {
      const facetsOf = new Map<string, Promise<SearchFacets>>();
      const known = new Map<string, SearchFacets>();
      // As modules/search/facets-cache.ts: answers at once, and looks up what it does not know yet.
      const knownFacets: KnownFacets = (storeId, plan: SearchPlan) => {
        const key = JSON.stringify(plan.units);
        if (!facetsOf.has(key)) {
          facetsOf.set(
            key,
            searchFacets(database.db, storeId, plan).then((facets) => {
              known.set(key, facets);
              return facets;
            }),
          );
        }
        return known.get(key);
      };
      const [amul] = await database.db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.storeId, store.id), eq(brands.slug, "amul")));
      const filters: Partial<ListingFilters>[] = [
        {},
        { category: "dairy-and-eggs" },
        { category: "Spices & Masala" },
        { category: "rice-atta-and-flours", sub: "atta" },
        { sub: "cheese" },
        { brand: "amul" },
        { brandId: amul?.id ?? null },
        { category: "rice-atta-and-flours", brand: "fortune", max: 300 },
        { category: "dairy-and-eggs", disc: 20 },
      ];
      for (const q of ["atta", "paneer", "cumin", "panner", "malai paneer"]) {
        for (const filter of filters) {
          for (const sort of ["relevance", "priceAsc"] as const) {
            for (const offset of [0, 1]) {
              const f = { ...NO_FILTERS, q, sort, ...filter };
              const range = { offset, limit: 2 };
              const expected = await listProducts(database.db, store.id, f, range);
              const label = `${q} ${JSON.stringify(filter)} ${sort} ${offset}`;
              // Once as the facets are being looked up, once known.
              expect(await listProducts(database.db, store.id, f, range, undefined, knownFacets), label).toEqual(
                expected,
              );
              await Promise.all(facetsOf.values());
              expect(await listProducts(database.db, store.id, f, range, undefined, knownFacets), label).toEqual(
                expected,
              );
            }
          }
        }
      }

      // Without a category, sub-category or brand, facets tell nothing: none is asked for.
      const asked: string[] = [];
      const recording: KnownFacets = (storeId, plan) => {
        asked.push(plan.text);
        return knownFacets(storeId, plan);
      };
      for (const filter of [{}, { min: 100, max: 500 }, { disc: 20 }]) {
        const f = { ...NO_FILTERS, q: "paneer", sort: "priceAsc" as const, ...filter };
        await listProducts(database.db, store.id, f, { offset: 0, limit: 24 }, undefined, recording);
      }
      expect(asked).toEqual([]);
      await listProducts(
        database.db,
        store.id,
        { ...NO_FILTERS, q: "paneer", category: "dairy-and-eggs" },
        { offset: 0, limit: 24 },
        undefined,
        recording,
      );
      expect(asked).toEqual(["paneer"]);

      const statements = statementCounter(database);
      // 'paneer' among spices: its facets say none is there, so no product is read.
      const counted = statements.fresh();
      const start = await searchStartsFrom(database.db)(store.id, "paneer");
      const starts = async () => start;
      for (const sort of ["relevance", "priceAsc", "newest"] as const) {
        const f = { ...NO_FILTERS, q: "paneer", sort, category: "spices-and-masala" };
        const page = await listProducts(counted, store.id, f, { offset: 0, limit: 24 }, starts, knownFacets);
        expect(page).toEqual({ products: [], hasMore: false, match: "exact" });
      }
      expect(statements.count).toBe(0);
      // Without them, the same search reads.
      await listProducts(
        counted,
        store.id,
        { ...NO_FILTERS, q: "paneer", sort: "priceAsc", category: "spices-and-masala" },
        { offset: 0, limit: 24 },
        starts,
      );
      expect(statements.count).toBeGreaterThan(0);

      // 'atta' among rice, atta and flours: four matches, fewer than a page asks for, so a sorted
      // search reads every match at once instead of first reading the category in order.
      const atta = await searchStartsFrom(database.db)(store.id, "atta");
      const f = { ...NO_FILTERS, q: "atta", sort: "priceAsc" as const, category: "rice-atta-and-flours" };
      const read = async (facets?: KnownFacets) => {
        statements.reset();
        const page = await listProducts(
          statements.fresh(),
          store.id,
          f,
          { offset: 0, limit: 24 },
          async () => atta,
          facets,
        );
        return { page, statements: statements.count };
      };
      const without = await read();
      const knowing = await read(knownFacets);
      expect(knowing.page).toEqual(without.page);
      expect(knowing.page.products.map((p) => p.name)).toEqual([
        "Rajdhani Besan 1 kg",
        "Fortune Chakki Fresh Wheat Flour 5 kg",
        "Aashirvaad Whole Wheat Atta 10 kg",
        "India Gate Basmati Rice 25 kg",
      ]);
      expect(without.statements).toBe(2);
      expect(knowing.statements).toBe(1);
    });

    it("suggests up to 8 products with photo, price and stock", async () => {
      const list = await suggestProducts(database.db, store.id, "pan");
      expect(list).toEqual([
        expect.objectContaining({ name: "Amul Malai Paneer 1 kg", price: 450_00, soldOut: false }),
      ]);
    });
  });
});

/**
 * A misspelt word with several close spellings: 'panner' is closest to paneer, then to pan,
 * then to paper. The paper straws are the newest products, so ranking the spellings as equals
 * (newest first) would put them first.
 */
describe.each(databaseKinds)("a misspelt word's closest spelling comes first, on %s", (kind) => {
  let database: Database;
  let store: Store;
  const start = Date.UTC(2026, 0, 1);
  const spellingProducts = [
    { name: "Amul Malai Paneer 1 kg", category: "Dairy & Eggs", mrp: 450_00 },
    { name: "Gowardhan Fresh Paneer 200 g", category: "Dairy & Eggs", mrp: 95_00 },
    { name: "Hawkins Tawa Pan 28 cm", category: "Kitchen Equipment", mrp: 1200_00 },
    { name: "Hotpack Paper Straws 100 pc", category: "Disposables", mrp: 90_00 },
    { name: "Hotpack Paper Straws 500 pc", category: "Disposables", mrp: 400_00 },
  ];
  const list = async (q: string, sort: ListingFilters["sort"], range = { offset: 0, limit: 24 }) =>
    listProducts(database.db, store.id, { ...NO_FILTERS, q, sort }, range);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `spellings-${kind}`, title: "Spellings Test Store" });
    await writeProducts(
      database,
      store.id,
      spellingProducts.map((p, i) => ({
        subCategory: null,
        brand: null,
        salePrice1: null,
        ...p,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it("ranks paneer, then pan, then paper for 'panner'", async () => {
    const page = await list("panner", "relevance");
    expect(page.match).toBe("similar");
    expect(page.products.map((p) => p.name)).toEqual([
      "Gowardhan Fresh Paneer 200 g",
      "Amul Malai Paneer 1 kg",
      "Hawkins Tawa Pan 28 cm",
      "Hotpack Paper Straws 500 pc",
      "Hotpack Paper Straws 100 pc",
    ]);
    const suggestions = await suggestProducts(database.db, store.id, "panner", 2);
    expect(suggestions.map((s) => s.name)).toEqual(["Gowardhan Fresh Paneer 200 g", "Amul Malai Paneer 1 kg"]);
  });

  it("pages across the spellings in the same order as one long page", async () => {
    const whole = (await list("panner", "relevance")).products.map((p) => p.name);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 2) {
      const page = await list("panner", "relevance", { offset, limit: 2 });
      paged.push(...page.products.map((p) => p.name));
      expect(page.hasMore).toBe(offset + 2 < whole.length);
    }
    expect(paged).toEqual(whole);
  });

  it("keeps a chosen sort's order across the spellings", async () => {
    const page = await list("panner", "priceAsc");
    expect(page.products.map((p) => p.name)).toEqual([
      "Hotpack Paper Straws 100 pc",
      "Gowardhan Fresh Paneer 200 g",
      "Hotpack Paper Straws 500 pc",
      "Amul Malai Paneer 1 kg",
      "Hawkins Tawa Pan 28 cm",
    ]);
  });
});

/**
 * A shelf of things named alike: rice and its flour and oil, butter and butter paper. The products
 * off their kind's shelf are the newest, so newest first alone would list them first.
 */
describe.each(databaseKinds)("best match ranks a query's named categories first, on %s", (kind) => {
  let database: Database;
  let store: Store;
  const start = Date.UTC(2026, 2, 1);
  const kindProducts = [
    { name: "India Gate Classic Basmati Rice 5 kg", category: "Rice, Atta & Flours", subCategory: "Basmati Rice" },
    { name: "Kohinoor Brown Rice 1 kg", category: "Specialty Rice", subCategory: null },
    { name: "Daawat Sona Masoori Rice 5 kg", category: "Rice, Atta & Flours", subCategory: "Everyday Rice" },
    { name: "Amul Pasteurised Table Butter 500 g", category: "Dairy & Eggs", subCategory: "Butter & Cream" },
    { name: "Saffola Rice Bran Oil 5 L", category: "Oils & Ghee", subCategory: "Refined Oils" },
    { name: "Rajdhani Rice Flour 1 kg", category: "Rice, Atta & Flours", subCategory: "Besan & Other Flours" },
    {
      name: "Freshwrapp Butter Paper Sheets 500 pc",
      category: "Disposables & Packaging",
      subCategory: "Foil, Film & Bags",
    },
    // A shelf named 'rice' whose products' names are not: it holds no rice.
    { name: "Amul Vanilla Ice Cream Tub 1 L", category: "Frozen Foods", subCategory: "Frozen Rice & Desserts" },
  ];
  const list = (q: string, range = { offset: 0, limit: 24 }, f: Partial<ListingFilters> = {}) =>
    listProducts(database.db, store.id, { ...NO_FILTERS, q, sort: "relevance", ...f }, range);
  const names = async (q: string, f: Partial<ListingFilters> = {}) =>
    (await list(q, undefined, f)).products.map((p) => p.name);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `shelves-${kind}`, title: "Shelves Store" });
    await writeProducts(
      database,
      store.id,
      kindProducts.map((p, i) => ({ brand: null, ...p, createdAt: new Date(start + i * 60_000) })),
    );
  });
  afterAll(() => database.close());

  it("lists rice in the rice categories before rice flour and rice bran oil, each newest first", async () => {
    // The sub-categories 'Basmati Rice' and 'Everyday Rice' hold 'rice', and so their category
    // does not count; 'Specialty Rice' has no sub-category holding it, so it is a shelf itself.
    expect(await names("rice")).toEqual([
      "Daawat Sona Masoori Rice 5 kg",
      "Kohinoor Brown Rice 1 kg",
      "India Gate Classic Basmati Rice 5 kg",
      "Rajdhani Rice Flour 1 kg",
      "Saffola Rice Bran Oil 5 L",
      // Found by its sub-category's name, after every name holding the word.
      "Amul Vanilla Ice Cream Tub 1 L",
    ]);
    expect(await names("butter")).toEqual([
      "Amul Pasteurised Table Butter 500 g",
      "Freshwrapp Butter Paper Sheets 500 pc",
    ]);
    // As the shopper types, and in the suggestion box.
    expect((await names("ric")).slice(0, 3)).toEqual([
      "Daawat Sona Masoori Rice 5 kg",
      "Kohinoor Brown Rice 1 kg",
      "India Gate Classic Basmati Rice 5 kg",
    ]);
    expect((await suggestProducts(database.db, store.id, "butt")).map((s) => s.name)).toEqual([
      "Amul Pasteurised Table Butter 500 g",
      "Freshwrapp Butter Paper Sheets 500 pc",
    ]);
    // Within a category filter too.
    expect(await names("rice", { category: "rice-atta-and-flours" })).toEqual([
      "Daawat Sona Masoori Rice 5 kg",
      "India Gate Classic Basmati Rice 5 kg",
      "Rajdhani Rice Flour 1 kg",
    ]);
  });

  it("takes no category whose products' names do not hold the word", async () => {
    const start = await searchStartsFrom(database.db)(store.id, "rice");
    const named = (start.namedCategories ?? []).map((c) => c.name.trim()).sort();
    expect(named).toEqual(["basmati rice", "everyday rice", "rice atta flours", "specialty rice"]);
  });

  it("ranks newest first where no named category holds the query, or the query has more than one unit", async () => {
    // A number names no shelf.
    expect(await names("5")).toEqual([
      "Freshwrapp Butter Paper Sheets 500 pc",
      "Saffola Rice Bran Oil 5 L",
      "Amul Pasteurised Table Butter 500 g",
      "Daawat Sona Masoori Rice 5 kg",
      "India Gate Classic Basmati Rice 5 kg",
    ]);
    expect(await names("rice 5")).toEqual([
      "Saffola Rice Bran Oil 5 L",
      "Daawat Sona Masoori Rice 5 kg",
      "India Gate Classic Basmati Rice 5 kg",
    ]);
    expect(await names("paper")).toEqual(["Freshwrapp Butter Paper Sheets 500 pc"]);
  });

  it("pages across the named categories in the same order as one long page", async () => {
    for (const q of ["rice", "butter", "ric"]) {
      const whole = await names(q);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.length; offset += 2) {
        const page = await list(q, { offset, limit: 2 });
        paged.push(...page.products.map((p) => p.name));
        expect(page.hasMore).toBe(offset + 2 < whole.length);
      }
      expect(paged).toEqual(whole);
    }
  });

  it("finds the named categories of a word the shop made a synonym of another", async () => {
    // No category holds 'dhaan'; the shop's group holds 'rice', which the rice shelves do.
    const [group] = await database.db
      .insert(searchSynonyms)
      .values({ storeId: store.id, terms: ["Dhaan", "rice"] })
      .returning();
    expect((await names("dhaan")).slice(0, 3)).toEqual([
      "Daawat Sona Masoori Rice 5 kg",
      "Kohinoor Brown Rice 1 kg",
      "India Gate Classic Basmati Rice 5 kg",
    ]);
    await database.db.delete(searchSynonyms).where(eq(searchSynonyms.id, group?.id ?? ""));
  });

  it("follows a renamed category into or out of the named categories", async () => {
    const [flours] = await database.db
      .update(categories)
      .set({ name: "Rice & Other Flours" })
      .where(and(eq(categories.storeId, store.id), eq(categories.name, "Besan & Other Flours")))
      .returning();
    expect(flours?.searchName).toBe(" rice other flours ");
    expect((await names("rice")).indexOf("Rajdhani Rice Flour 1 kg")).toBeLessThan(3);
    await database.db
      .update(categories)
      .set({ name: "Besan & Other Flours" })
      .where(eq(categories.id, flours?.id ?? ""));
    expect((await names("rice")).indexOf("Rajdhani Rice Flour 1 kg")).toBe(3);
  });
});
