import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AddressSnapshot, StoreCustomisation, StoreOrderRules, StoreProfile, StoreShipping } from "./json-columns";

/**
 * One schema for PGlite and PostgreSQL. Conventions:
 * - random UUID primary keys (no sequences on hot tables: friendly to distributed SQL);
 * - every store-owned row carries store_id, and every lookup index starts with it;
 * - money is integer paise; quantities are integers;
 * - timestamps are timestamptz.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const storeRef = () =>
  uuid("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" });
/** Paise as a JavaScript number: exact up to 2^53, far above any order. */
const paise = (name: string) => bigint(name, { mode: "number" });

// ---------------------------------------------------------------- stores

export const stores = pgTable("stores", {
  id: id(),
  slug: text("slug").notNull().unique(),
  /** Shown as the store's title; the spec's default title is the profile's brand title. */
  title: text("title").notNull(),
  customisation: jsonb("customisation").$type<StoreCustomisation>().notNull(),
  profile: jsonb("profile").$type<StoreProfile>().notNull(),
  shipping: jsonb("shipping").$type<StoreShipping>().notNull(),
  /** Limits on orders: per client and phone, guests' order value and line quantity, COD codes. */
  orderRules: jsonb("order_rules").$type<Partial<StoreOrderRules>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Host names that select a store; see the multi-store rule in ARCHITECTURE.md. */
export const storeDomains = pgTable("store_domains", {
  host: text("host").primaryKey(),
  storeId: storeRef(),
  createdAt: createdAt(),
});

/** Per-pincode shipping rates in the spec's three bands (amount after discount). */
export const pincodeRates = pgTable(
  "pincode_rates",
  {
    storeId: storeRef(),
    pincode: text("pincode").notNull(),
    /** Amount after discount up to ₹999. */
    rateUpTo999: paise("rate_up_to_999").notNull(),
    /** ₹1,000 to ₹4,999. */
    rate1000To4999: paise("rate_1000_to_4999").notNull(),
    /** ₹5,000 and above. */
    rateFrom5000: paise("rate_from_5000").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.pincode] })],
);

// ---------------------------------------------------------------- catalogue

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
  },
  (t) => [primaryKey({ columns: [t.productId, t.label] })],
);

/**
 * Images stored in the database, so every app process serves the same files. A file is
 * served at /media/{key}; keys are unique per store and never reused for other bytes.
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    storeId: storeRef(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("media_store_key").on(t.storeId, t.key)],
);

// ---------------------------------------------------------------- customers

export const customers = pgTable(
  "customers",
  {
    id: id(),
    storeId: storeRef(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    /** 10 digits, no prefix. */
    phone: text("phone"),
    address: text("address").notNull().default(""),
    apartment: text("apartment").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    pin: text("pin").notNull().default(""),
    landmark: text("landmark").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    gstNumber: text("gst_number").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_store_phone").on(t.storeId, t.phone),
    index("customers_store_email").on(t.storeId, sql`lower(${t.email})`),
  ],
);

/** A signed-in customer's server-side cart (the spec's users/{uid}/cart). */
export const customerCartItems = pgTable(
  "customer_cart_items",
  {
    id: id(),
    storeId: storeRef(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    photo: text("photo"),
    selectedSize: text("selected_size"),
    unitPrice: paise("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    total: paise("total").notNull(),
    sourceOrderId: uuid("source_order_id"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_cart_items_customer").on(t.storeId, t.customerId)],
);

// ---------------------------------------------------------------- orders

/**
 * The words of an order's customer name and company, for the orders desk's search (issue 54):
 * one expression for the index and the query, so the planner matches them.
 */
export function orderNameWords(address: AnyPgColumn | SQL) {
  return sql`to_tsvector('simple'::regconfig, coalesce(${address}->>'firstName', '') || ' ' || coalesce(${address}->>'lastName', '') || ' ' || coalesce(${address}->>'companyName', ''))`;
}

export const orders = pgTable(
  "orders",
  {
    id: id(),
    storeId: storeRef(),
    /** Short public order number, also the gateway's order_id (≤ 17 characters). */
    orderNumber: text("order_number").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    email: text("email"),
    paymentMethod: text("payment_method", { enum: ["COD", "ONLINE"] }).notNull(),
    /** Fulfilment status ('Pending' at creation) as the shop sees it. */
    status: text("status").notNull().default("Pending"),
    /** Normalised payment status: paid, pending, failed, refunded, voided, unknown. */
    paymentStatus: text("payment_status", {
      enum: ["paid", "pending", "failed", "refunded", "voided", "unknown"],
    })
      .notNull()
      .default("pending"),
    channel: text("channel").notNull().default("Online Store"),
    subtotal: paise("subtotal").notNull(),
    discount: paise("discount").notNull().default(0),
    shipping: paise("shipping").notNull().default(0),
    grandTotal: paise("grand_total").notNull(),
    shippingType: text("shipping_type").notNull(),
    couponCode: text("coupon_code"),
    customerAddress: jsonb("customer_address").$type<AddressSnapshot>().notNull(),
    /** Last status the gateway reported by webhook, and by a status call. */
    gatewayWebhookStatus: text("gateway_webhook_status"),
    gatewayPolledStatus: text("gateway_polled_status"),
    /**
     * SHA-256 of the order's access token: the browser that placed the order holds the token
     * (in an HttpOnly cookie) and may see the order's full details; anyone else sees its status.
     */
    accessTokenHash: text("access_token_hash"),
    /** Stock was given back (payment abandoned or failed); never twice. */
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
    /**
     * An app process checking this unpaid order with the gateway holds it until then, so that
     * several processes running the abandoned-payment job do not all ask about the same order.
     */
    paymentCheckLeaseUntil: timestamp("payment_check_lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The payment attempt whose charge paid the order (a second charge is flagged for a refund). */
    paidAttemptId: uuid("paid_attempt_id"),
    /** Placed by a signed-in customer (their proven phone); false for a guest's order (ADR 0052). */
    signedIn: boolean("signed_in").notNull().default(false),
    /**
     * A COD order waiting for the one-time code sent to its phone holds its stock until then;
     * null once confirmed, or for an order that needed no code (issue 53).
     */
    codeConfirmBy: timestamp("code_confirm_by", { withTimezone: true }),
    /** Set when the order is marked shipped (issue 54): the courier or vehicle, and its tracking number. */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
  },
  (t) => [
    uniqueIndex("orders_store_number").on(t.storeId, t.orderNumber),
    index("orders_store_customer").on(t.storeId, t.customerId, t.createdAt.desc()),
    index("orders_store_phone").on(t.storeId, t.phone, t.createdAt.desc()),
    index("orders_store_email").on(t.storeId, sql`lower(${t.email})`, t.createdAt.desc()),
    index("orders_online_holding_stock")
      .on(t.createdAt)
      .where(
        sql`${t.paymentMethod} = 'ONLINE' and ${t.stockReleasedAt} is null and ${t.paymentStatus} in ('pending', 'failed', 'unknown')`,
      ),
    index("orders_awaiting_code").on(t.codeConfirmBy).where(sql`${t.codeConfirmBy} is not null`),
    // The console's orders desk: newest first, in all and by status.
    // DESC NULLS FIRST is what "order by ... desc" means: an index sorted otherwise cannot serve it.
    index("orders_store_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_store_status_created").on(
      t.storeId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The desk's search: by the end of a phone (its digits reversed, as a prefix), and by words of
    // the customer's name or company (migration 0026).
    index("orders_store_pin_created").on(
      t.storeId,
      sql`(${t.customerAddress}->>'pin')`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_store_phone_end").on(t.storeId, sql`(reverse(${t.phone}) collate "C")`),
    index("orders_name_words").using("gin", sql`${orderNameWords(t.customerAddress)}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    photo: text("photo"),
    sku: text("sku"),
    selectedSize: text("selected_size"),
    setSizes: text("set_sizes").array(),
    quantity: integer("quantity").notNull(),
    unitPrice: paise("unit_price").notNull(),
    total: paise("total").notNull(),
    position: smallint("position").notNull(),
  },
  (t) => [index("order_items_order").on(t.orderId, t.position)],
);

/** What happened to an order, in order: payment transitions and what followed from them. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** payment (status moved), stock-released, stock-retaken, cart-cleared, attempt-started, attention. */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Who moved it: return, webhook, job, checkout, retry. */
    source: text("source").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.createdAt)],
);

/** One attempt to pay an ONLINE order through the gateway. */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    /** The order id the gateway knows: the order number, then -2, -3... for later attempts. */
    gatewayOrderId: text("gateway_order_id").notNull(),
    attempt: smallint("attempt").notNull(),
    /** The amount sent to the gateway, fixed server-side. */
    amount: paise("amount").notNull(),
    paymentLink: text("payment_link"),
    /** The gateway's own session response, kept for support and reuse. */
    sessionResponse: jsonb("session_response"),
    /** CREATING until the gateway answers, then its status code; SESSION_FAILED when it did not. */
    status: text("status").notNull().default("CREATING"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_attempts_gateway_order").on(t.gateway, t.gatewayOrderId),
    uniqueIndex("payment_attempts_order_attempt").on(t.orderId, t.attempt),
  ],
);

/**
 * The built-in sandbox gateway's own books (PAYMENT_GATEWAY=sandbox): the orders it was asked
 * to take payment for, as Juspay would keep them. Kept in the database so that several app
 * processes share them.
 */
export const sandboxGatewayOrders = pgTable(
  "sandbox_gateway_orders",
  {
    /** The gateway's own id (ordeh_...), also in the payment page's address. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    orderId: text("order_id").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sandbox_gateway_orders_order").on(t.merchantId, t.orderId)],
);

/** Every webhook received, recorded once by the gateway's event id. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "cascade" }),
    gatewayOrderId: text("gateway_order_id"),
    eventName: text("event_name").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What processing found: the status it applied, or why it did nothing (unknown-order...). */
    outcome: text("outcome"),
  },
  (t) => [
    primaryKey({ columns: [t.gateway, t.eventId] }),
    index("payment_events_unprocessed").on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);

// ---------------------------------------------------------------- server state

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    storeId: storeRef(),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_customer").on(t.customerId)],
);

export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    storeId: storeRef(),
    phone: text("phone").notNull(),
    /** What the code proves: 'sign-in', or 'order:<id>' to confirm that COD order. */
    purpose: text("purpose").notNull().default("sign-in"),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("otp_codes_phone_purpose").on(t.storeId, t.phone, t.purpose, t.createdAt.desc())],
);

// ---------------------------------------------------------------- the shop's staff

/**
 * The people who run a store from its console (ARCHITECTURE.md section 7): not customers. An
 * owner does everything, staff work the orders, customers and stock. A staff member signs in
 * with email and password (scrypt, `app/modules/staff/passwords.server.ts`).
 */
export const staff = pgTable(
  "staff",
  {
    id: id(),
    storeId: storeRef(),
    /** Lower case; one account per email in a store. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role", { enum: ["owner", "staff"] }).notNull(),
    active: boolean("active").notNull().default(true),
    /** Null until the one-time link has been used to choose a password. */
    passwordHash: text("password_hash"),
    /** The TOTP second factor's secret (base32); set while enrolling, in force once totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_store_email").on(t.storeId, t.email)],
);

/**
 * Who did what in the console (ARCHITECTURE.md section 7): to which order, product or setting,
 * when, from which address, with the values before and after, written in the same transaction
 * as the change.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    storeId: storeRef(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** The staff member's email then: the log keeps its word when the account is gone. */
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity", { enum: ["order", "product", "setting", "staff"] }).notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity").on(t.storeId, t.entity, t.entityId, t.createdAt),
    index("audit_log_store_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Money given back on an order (issue 54): through the gateway for an online payment, with a
 * unique request id so that a retry never refunds twice; recorded with its mode and reference
 * for cash on delivery. What is refunded never passes what was paid (checked with the order's
 * row locked).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The gateway's unique_request_id (under 21 characters); also set for COD, for one id shape. */
    requestId: text("request_id").notNull().unique(),
    amount: paise("amount").notNull(),
    /** gateway, or how a COD refund was paid: cash, upi, bank. */
    mode: text("mode", { enum: ["gateway", "cash", "upi", "bank"] }).notNull(),
    reference: text("reference").notNull().default(""),
    reason: text("reason").notNull().default(""),
    /** pending (asked of the gateway), done, failed. A pending refund still counts against what can be refunded. */
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    error: text("error"),
    staffEmail: text("staff_email").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("refunds_order").on(t.orderId, t.createdAt)],
);

/**
 * The stock ledger (issue 54): every change to a product's or a size's counted stock, by an
 * order, a payment taken again, a cancellation or release, an import or a hand, one row with
 * its signed change, written in the transaction that makes it.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    storeId: storeRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** The size whose stock moved; null for the product's own count. */
    size: text("size"),
    /** Units added (positive) or taken (negative). */
    change: integer("change").notNull(),
    reason: text("reason", { enum: ["order", "released", "retaken", "import", "hand"] }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Why, in staff's words, for a change by hand ("2 tins dented"). */
    note: text("note").notNull().default(""),
    staffEmail: text("staff_email"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product").on(t.productId, t.createdAt.desc()),
    index("stock_movements_order").on(t.orderId),
  ],
);

/** Staff's notes on an order, for each other ("customer asked for delivery after 4 pm"). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffEmail: text("staff_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order").on(t.orderId, t.createdAt)],
);

/**
 * A password accepted, a second factor still to come: the sign-in page's next step carries this
 * one-time token (5 minutes) instead of the password.
 */
export const staffSignInChallenges = pgTable("staff_sign_in_challenges", {
  id: id(),
  staffId: uuid("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Recovery codes for a staff member's second factor, each used once (SHA-256, shown once). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_recovery_codes_staff").on(t.staffId)],
);

/** Console sessions: their own cookie, shorter-lived than a customer's, revocable. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's token. */
    tokenHash: text("token_hash").notNull().unique(),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff").on(t.staffId)],
);

/** One-time links that let a staff member choose a password (24 hours, single use). */
export const staffLinks = pgTable("staff_links", {
  id: id(),
  staffId: uuid("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * Secrets the installation makes for itself at its first start and every process shares:
 * the key that signs anti-forgery tokens (issue 53). APP_SECRET, when set, is used instead.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** Messages the development SMS outbox "sent"; never used with a real provider. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    storeId: storeRef(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_phone").on(t.storeId, t.phone, t.createdAt.desc())],
);

/** Fixed-window counters shared by every app process (OTP sends, sign-in tries...). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** The first answer to a request with an idempotency key, replayed for its retries. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    storeId: storeRef(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.scope, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    storeId: storeRef(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_store_email").on(t.storeId, sql`lower(${t.email})`)],
);
