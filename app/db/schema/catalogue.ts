import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, paise, updatedAt } from "./columns";
import { storeRef } from "./stores";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    storeId: storeRef(),
    /** A sub-category points at its category; top-level categories have none. */
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /**
     * The name as search_text writes it, with a space each side: the start of a search finds
     * the categories whose names hold a word of the query (its shelves) by one pattern each,
     * without normalising every name of the store on every search (migration 0020).
     */
    searchName: text("search_name").notNull().generatedAlwaysAs(sql`' ' || mandi_search_normalise(name) || ' '`),
    slug: text("slug").notNull(),
    logo: text("logo"),
    position: integer("position").notNull().default(0),
    /** The HSN code and GST rate (percent) of its products that name none (issue 58). */
    hsnCode: text("hsn_code"),
    gstRate: numeric("gst_rate", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_store_slug").on(t.storeId, t.slug),
    index("categories_store_parent").on(t.storeId, t.parentId, t.position),
  ],
);

export const brands = pgTable(
  "brands",
  {
    id: id(),
    storeId: storeRef(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    logo: text("logo"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("brands_store_slug").on(t.storeId, t.slug)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    storeId: storeRef(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    photoAlts: text("photo_alts").array().notNull().default(sql`'{}'::text[]`),
    mrp: paise("mrp"),
    salePrice1: paise("sale_price1"),
    salePrice2: paise("sale_price2"),
    salePrice3: paise("sale_price3"),
    saleQty2: integer("sale_qty2"),
    saleQty3: integer("sale_qty3"),
    /** The fewest units one order line may have (issue 59); 1: no minimum. */
    minOrderQty: integer("min_order_qty").notNull().default(1),
    /** Sold in whole packs of this many units ("in packs of 12"); 1: singly. */
    packOf: integer("pack_of").notNull().default(1),
    /** Free text as shops write it ('green', 'Veg (green)', 'red', 'brown'); see vegMarker. */
    vegType: text("veg_type"),
    packSizeValue: numeric("pack_size_value", { mode: "number" }),
    packSizeUnit: text("pack_size_unit"),
    /** Units available for sale; null when the shop does not count them. */
    inventory: integer("inventory"),
    trackInventory: boolean("track_inventory").notNull().default(false),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    subCategoryId: uuid("sub_category_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    /** The shop's own code for the product (the spec's productId / SKU). */
    sku: text("sku"),
    hsnCode: text("hsn_code"),
    /** GST rate in percent (0, 5, 18, 40); prices already include it. */
    gstRate: numeric("gst_rate", { mode: "number" }),
    active: boolean("active").notNull().default(true),
    /**
     * The price the listing filters and sorts by (spec section 5): the lowest positive sale
     * price, else the MRP, else 0. Kept by the database so that filters and sorts use an index.
     */
    bestPrice: bigint("best_price", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), case when mrp > 0 then mrp end, 0)`,
      ),
    /** The price a card shows for one unit (salePrice1, else MRP): what price sorting follows. */
    unitPrice: bigint("unit_price", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`case when sale_price1 > 0 then sale_price1 when mrp > 0 then mrp else 0 end`),
    /** round((mrp - best) / mrp * 100); null when the MRP is not above the best price. */
    discountPercent: smallint("discount_percent").generatedAlwaysAs(
      sql`case when mrp > coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), mrp) then round((mrp - coalesce(least(case when sale_price1 > 0 then sale_price1 end, case when sale_price2 > 0 then sale_price2 end, case when sale_price3 > 0 then sale_price3 end), mrp))::numeric * 100 / mrp)::smallint end`,
    ),
    /**
     * Lower-case text the search matches: name, slug, SKU, category, sub-category and brand
     * name, the name first and two spaces before the rest (ids are matched whole, not as words:
     * migration 0016). A trigger keeps it current (migrations 0003 and 0006; the same trigger
     * fills search_words, a table of the catalogue's words kept by SQL alone, and another one
     * search_postings, each word's products in price and date order: migration 0017); never
     * written by the app.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The name part of search_text (before the two spaces), kept by PostgreSQL: the best-match
     * tiers of modules/catalog/listing.server.ts read it for every row they look at, and have it
     * ready instead of cutting it out of the whole text once per pattern (migration 0015).
     */
    searchName: text("search_name").notNull().generatedAlwaysAs(sql`split_part(search_text, '  ', 1)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    /**
     * A newest-first walk of the store or of one shelf (a category, sub-category or brand),
     * with the price and discount filters' columns after its sort keys: a walk with a price
     * range or a discount checks it on the index entry instead of reading each product outside
     * it (migrations 0022 and 0023).
     */
    const newestFirst = (...shelf: AnyPgColumn[]) =>
      [
        t.storeId,
        ...shelf,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.bestPrice,
        t.discountPercent,
      ] as const;
    return [
      uniqueIndex("products_store_slug").on(t.storeId, t.slug),
      uniqueIndex("products_store_sku").on(t.storeId, t.sku),
      // Listing indexes hold active products only: the storefront never lists the others. DESC
      // keys are NULLS FIRST, as ORDER BY ... DESC is: otherwise the planner cannot use them.
      index("products_store_created")
        .on(...newestFirst())
        .where(sql`active`),
      index("products_store_category")
        .on(...newestFirst(t.categoryId))
        .where(sql`active`),
      index("products_store_sub_category")
        .on(...newestFirst(t.subCategoryId))
        .where(sql`active`),
      index("products_store_brand")
        .on(...newestFirst(t.brandId))
        .where(sql`active`),
      // Price sorting follows unit_price (migration 0004). The price and discount filters' columns
      // come after the sort keys: PostgreSQL checks them on the index entry, so a price-sorted
      // list with a price range or a discount skips the products outside it without reading them
      // (migration 0013; without them, 'priceDesc, max 200' read 55,000 rows for 25).
      index("products_store_price").on(t.storeId, t.unitPrice, t.id, t.bestPrice, t.discountPercent).where(sql`active`),
      index("products_store_category_price")
        .on(t.storeId, t.categoryId, t.unitPrice, t.id, t.bestPrice, t.discountPercent)
        .where(sql`active`),
      index("products_store_brand_price")
        .on(t.storeId, t.brandId, t.unitPrice, t.id, t.bestPrice, t.discountPercent)
        .where(sql`active`),
      index("products_store_best_price").on(t.storeId, t.bestPrice).where(sql`active`),
      // How far a product's sort price may lie from its best price (unit_price / best_price), so
      // a price-sorted listing with a price range starts its walk where the range does
      // (migration 0021, priceWalkBound in modules/catalog/listing.server.ts).
      index("products_store_price_ratio")
        .on(t.storeId, sql`(${t.unitPrice}::float8 / ${t.bestPrice})`)
        .where(sql`active and best_price > 0`),
      index("products_store_discount").on(t.storeId, t.discountPercent).where(sql`active`),
      // The console's products list (issue 56) holds products on sale and off, so the listing
      // indexes above cannot serve its sorts: at 100,000 products each sort read the whole
      // table (130 ms). One index per sort it offers, and the stock one serves its stock filters
      // and the dashboard's low-stock list too (migration 0036).
      index("products_store_lower_name").on(t.storeId, sql`lower(${t.name})`, t.id),
      index("products_store_all_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index("products_store_updated").on(t.storeId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index("products_store_all_price").on(t.storeId, t.unitPrice, t.id),
      index("products_store_inventory").on(t.storeId, t.inventory, t.id),
      // Its narrow filters find their products by these before sorting them, on sale or not.
      index("products_store_any_category").on(t.storeId, t.categoryId),
      index("products_store_any_sub_category").on(t.storeId, t.subCategoryId),
      index("products_store_any_brand").on(t.storeId, t.brandId),
      index("products_store_lower_sku").on(t.storeId, sql`lower(${t.sku})`),
      // The dashboard's low-stock list and sold-out count, read from the index alone.
      index("products_store_counted_stock")
        .on(t.storeId, t.inventory, t.name)
        .where(sql`active and track_inventory and inventory is not null`),
      index("products_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
      // The product's name, for the best-match tiers of modules/catalog/listing.server.ts: names
      // that start with the query (a prefix range of the btree) and names holding the words
      // (trigrams). Its statistics tell the planner a broad name match from a rare one.
      index("products_search_name_prefix").using("btree", t.searchName.op("text_pattern_ops")),
      index("products_search_name_trgm").using("gin", t.searchName.op("gin_trgm_ops")),
    ];
  },
);

/**
 * Words a kitchen uses for the same thing (atta / wheat flour, dahi / curd). Each row is one
 * group of equivalent terms; the search looks for any of them. Built-in groups live in
 * BUILT_IN_SYNONYMS (app/modules/search/query.ts); rows here are the shop's own additions.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: id(),
    storeId: storeRef(),
    terms: text("terms").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("search_synonyms_store").on(t.storeId)],
);

/** Sizes of a product (e.g. 250 ml / 500 ml cups), each with its own stock. */
export const productSizes = pgTable(
  "product_sizes",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    inventory: integer("inventory"),
    position: smallint("position").notNull().default(0),
    /** This size's own minimum and pack (issue 59), when they differ from the product's; null: the product's. */
    minOrderQty: integer("min_order_qty"),
    packOf: integer("pack_of"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.label] })],
);

/**
 * Images: every app process serves the same files. A file is served at /media/{key}; keys are
 * unique per store and never reused for other bytes. Its bytes are here, or, with
 * MEDIA_STORAGE=s3, in object storage under `{storeId}/{key}` while this row keeps what the
 * store knows of it (ADR 0066).
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    storeId: storeRef(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    /** Empty when the bytes are in object storage. */
    bytes: bytea("bytes").notNull(),
    location: text("location", { enum: ["database", "s3"] })
      .notNull()
      .default("database"),
    width: integer("width"),
    height: integer("height"),
    /** The https link an import named, for a photo fetched from it: each link is fetched once. */
    sourceUrl: text("source_url"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_store_key").on(t.storeId, t.key),
    uniqueIndex("media_store_source").on(t.storeId, t.sourceUrl).where(sql`source_url is not null`),
  ],
);
