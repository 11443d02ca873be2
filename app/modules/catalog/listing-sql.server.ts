import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { limitAsWritten, preparedPerDatabase } from "../../db/prepared.server";
import { brands, categories, products } from "../../db/schema";
import type { SearchPlan } from "../search/query";
import { type ListingFilters, PAGE_SIZE, SECTION_PAGE_SIZE } from "./listing";
import { isActive, summaryColumns } from "./products.server";

/** A category, sub-category or brand given in a link by slug or by name. */
const bySlugOrName = (slugColumn: AnyPgColumn, nameColumn: AnyPgColumn, value: string | Placeholder) =>
  or(sql`${slugColumn} = ${value}`, sql`lower(${nameColumn}) = lower(${value})`);

export function categoryId(storeId: string | Placeholder, value: string | Placeholder, level: "top" | "sub"): SQL {
  return sql`(select ${categories.id} from ${categories} where ${and(
    eq(categories.storeId, storeId),
    level === "top" ? isNull(categories.parentId) : isNotNull(categories.parentId),
    bySlugOrName(categories.slug, categories.name, value),
  )} limit 1)`;
}

export function brandId(storeId: string | Placeholder, value: string | Placeholder): SQL {
  return sql`(select ${brands.id} from ${brands} where ${and(
    eq(brands.storeId, storeId),
    bySlugOrName(brands.slug, brands.name, value),
  )} limit 1)`;
}

/**
 * How a search's LIKE patterns go into a statement: as they are, or (`patternSlots`) as
 * placeholders of a statement built once per shape, with their values kept by the same names.
 */
export type Pattern = (pattern: string) => string | Placeholder;

export const asPattern: Pattern = (pattern) => pattern;

/**
 * Patterns named p0, p1, ... in the order they are asked for: as placeholders while a
 * statement is built (`values` absent), or as values kept in `values` under the same names. The
 * same code asks for the same patterns in the same order, so the names agree.
 */
export function patternSlots(values?: Record<string, string>): Pattern {
  let count = 0;
  return (pattern) => {
    const name = `p${count++}`;
    if (!values) return sql.placeholder(name);
    values[name] = pattern;
    return pattern;
  };
}

/** Every unit of the query matches the start of a word of the product's search text. */
export function exactMatch(
  plan: SearchPlan,
  text: SQL | AnyPgColumn = products.searchText,
  pattern: Pattern = asPattern,
): SQL | undefined {
  return and(...plan.units.map((unit) => or(...unit.map((term) => sql`${text} like ${pattern(`% ${term}%`)}`))));
}

/** A listing's filters as its statement holds them, by placeholder name: prices in paise. */
export interface ListingValues {
  storeId: string;
  category: string | null;
  sub: string | null;
  brandId: string | null;
  brand: string | null;
  disc: number | null;
  min: number | null;
  max: number | null;
}

export function listingValues(storeId: string, filters: ListingFilters): ListingValues {
  return {
    storeId,
    category: filters.category,
    sub: filters.sub,
    brandId: filters.brandId,
    brand: filters.brand,
    disc: filters.disc,
    min: filters.min === null ? null : filters.min * 100,
    max: filters.max === null ? null : filters.max * 100,
  };
}

/** A value in a statement: the value itself, or the placeholder of a statement prepared once. */
export type Bind = <K extends keyof ListingValues>(
  name: K,
  value: NonNullable<ListingValues[K]>,
) => NonNullable<ListingValues[K]> | Placeholder;

export const asValue: Bind = (_name, value) => value;

export const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** A listing's filters for a statement built once per shape: each value a placeholder by its name. */
export const filtersAsPlaceholders = (filters: ListingFilters) =>
  filterConditions(listingValues("", filters), asPlaceholder);

/** priceWalkBound on products, for a statement built once per shape. */
export const priceWalkOnPlaceholders = (filters: ListingFilters) =>
  priceWalkBound(listingValues("", filters), filters.sort, products.unitPrice, asPlaceholder);

export function filterConditions(v: ListingValues, bind: Bind = asValue): SQL[] {
  const store = bind("storeId", v.storeId);
  const where: SQL[] = [eq(products.storeId, store), isActive(products)];
  if (v.category) where.push(sql`${products.categoryId} = ${categoryId(store, bind("category", v.category), "top")}`);
  if (v.sub) where.push(sql`${products.subCategoryId} = ${categoryId(store, bind("sub", v.sub), "sub")}`);
  if (v.brandId) where.push(eq(products.brandId, bind("brandId", v.brandId)));
  else if (v.brand) where.push(sql`${products.brandId} = ${brandId(store, bind("brand", v.brand))}`);
  if (v.disc !== null) where.push(gte(products.discountPercent, bind("disc", v.disc)));
  if (v.min !== null) where.push(gte(products.bestPrice, bind("min", v.min)));
  if (v.max !== null) where.push(lte(products.bestPrice, bind("max", v.max)));
  return where;
}

/**
 * A price-sorted walk's bounds on the price it sorts by, from the price range, so the walk (of
 * products_store_price and its kin, or of a word's postings) starts and ends where the range does
 * instead of reading past every product outside it: 'priceDesc, max 200' read the 55,000 index
 * entries above ₹200 first, 'priceAsc, min 1000' the 80,000 below ₹1,000 (100,000 products;
 * ADR 0044).
 *
 * The range filters best_price (the lowest tier price) and the walk's order is unit_price (the
 * price a card shows). The store's highest and lowest ratio of the one to the other, read from
 * their own index (migration 0021) as the statement runs, turn a bound on one into a bound on
 * the other, widened by a billionth for the float's rounding and held within bigint (a range and
 * a ratio at their extremes must not fail the statement). Implied by the range, the bound leaves
 * the rows as they are, whatever the prices (no rule relating tiers is assumed).
 */
export function priceWalkBound(
  v: ListingValues,
  sort: ListingFilters["sort"],
  column: AnyPgColumn | SQL,
  bind: Bind = asValue,
): SQL | undefined {
  const ratio = (most: "max" | "min") =>
    sql`coalesce((select ${sql.raw(most)}(${products.unitPrice}::float8 / ${products.bestPrice}) from ${products}
      where ${products.storeId} = ${bind("storeId", v.storeId)} and ${products.active} and ${products.bestPrice} > 0), 1)`;
  if (sort !== "priceAsc" && sort !== "priceDesc") return undefined;
  return and(
    v.min === null
      ? undefined
      : sql`${column} >= least(floor(${bind("min", v.min)}::float8 * ${ratio("min")} * 0.999999999), 9.2e18)::bigint`,
    v.max === null
      ? undefined
      : sql`${column} <= least(ceil(${bind("max", v.max)}::float8 * ${ratio("max")} * 1.000000001), 9.2e18)::bigint`,
  );
}

/**
 * The first pages whose size a listing's named statement writes into its text (limitAsWritten),
 * each with the row that tells of more: the products page's and a home section's. Another page
 * passes its offset and limit as values, and PostgreSQL plans it for them.
 */
export const WRITTEN_LIMITS: ReadonlySet<number> = new Set([PAGE_SIZE + 1, SECTION_PAGE_SIZE + 1]);

/** A listing's filters and sort, and the size of its first page when its statement writes it. */
interface FilteredShape {
  filters: ListingFilters;
  firstPage: number | null;
}

/** What a listing's statement's text depends on: its shape, and a first page's written size. */
const filteredShapeKey = ({ filters, firstPage }: FilteredShape) =>
  firstPage === null ? listingShape(filters) : `${listingShape(filters)}_first${firstPage}`;

/**
 * A listing without a search, built once per database and shape (which filters it has, and its
 * sort): most pages of a shop are these, and Drizzle built each one afresh. A shape that
 * filters by category, sub-category or brand only is prepared by name on PostgreSQL: those come
 * as subqueries or keys, whose plan is the same for every value, and a first page of a usual
 * size keeps one generic plan (ADR 0045). One with a discount or a price range is planned for
 * each run's values (an empty name): how wide the range is decides which index is best.
 */
const filteredPage = preparedPerDatabase((db, { filters, firstPage }: FilteredShape) => {
  const hasPriceOrDiscount = filters.disc !== null || filters.min !== null || filters.max !== null;
  const query = db
    .select(summaryColumns)
    .from(products)
    .where(and(...filtersAsPlaceholders(filters), priceWalkOnPlaceholders(filters)))
    .orderBy(...ordering(filters));
  const paged =
    firstPage === null
      ? query.offset(sql.placeholder("offset")).limit(sql.placeholder("limit"))
      : query.limit(limitAsWritten(firstPage));
  return paged.prepare(hasPriceOrDiscount ? "" : `mandi_listing_${filteredShapeKey({ filters, firstPage })}`);
}, filteredShapeKey);

/** A listing without a search: the page of `range`, and one row more when there are more. */
export function pageOfListing(
  db: Db,
  filters: ListingFilters,
  values: ListingValues,
  range: { offset: number; limit: number },
) {
  const limit = range.limit + 1;
  const firstPage = range.offset === 0 && WRITTEN_LIMITS.has(limit) ? limit : null;
  const statement = filteredPage(db, { filters, firstPage });
  return statement.execute(firstPage === null ? { ...values, offset: range.offset, limit } : { ...values });
}

/** Which filters a listing has, and its sort: what its statement's text depends on. */
export function listingShape(filters: ListingFilters): string {
  const has = (value: unknown, letter: string) => (value === null || value === "" ? "" : letter);
  return `${filters.sort}_${has(filters.category, "c")}${has(filters.sub, "s")}${filters.brandId ? "i" : has(filters.brand, "b")}${has(filters.disc, "d")}${has(filters.min, "l")}${has(filters.max, "h")}`;
}

export function ordering(filters: ListingFilters): SQL[] {
  switch (filters.sort) {
    // Sorting follows the price the cards show; the price filter uses the best tier price.
    case "priceAsc":
      return [asc(products.unitPrice), asc(products.id)];
    case "priceDesc":
      return [desc(products.unitPrice), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/**
 * The same order with its first key as an expression no index holds (`+ 0`, or an interval for
 * dates), which leaves the planner one way: find the rows first, by the filters' own indexes
 * (a word's trigrams), then sort them.
 */
export function orderingAfterMatch(filters: ListingFilters): SQL[] {
  switch (filters.sort) {
    case "priceAsc":
      return [sql`${products.unitPrice} + 0`, asc(products.id)];
    case "priceDesc":
      return [sql`${products.unitPrice} + 0 desc`, desc(products.id)];
    default:
      return [sql`${products.createdAt} + interval '0 seconds' desc`, desc(products.id)];
  }
}

/** The sort key of the products listing's ordering, by name, for a window's rows. */
export function windowOrdering(filters: ListingFilters): SQL {
  switch (filters.sort) {
    case "priceAsc":
      return sql`w.unit_price asc, w.id asc`;
    case "priceDesc":
      return sql`w.unit_price desc, w.id desc`;
    default:
      return sql`w.created_at desc, w.id desc`;
  }
}

/** The listing has a price range or a discount. */
export const hasPriceOrDiscount = (v: ListingValues) => v.min !== null || v.max !== null || v.disc !== null;

/** The listing is of a category, a sub-category or a brand. */
export const hasCategoryOrBrand = (filters: ListingFilters) =>
  Boolean(filters.category || filters.sub || filters.brand || filters.brandId);
