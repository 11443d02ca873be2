import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { brands, categories, products, searchSynonyms } from "../../db/schema";
import { planSearch, type SearchPlan } from "../search/query";
import type { ListingFilters } from "./listing";
import { type ProductSummary, summaryColumns, toSummary } from "./products.server";

export interface ListingPage {
  products: ProductSummary[];
  hasMore: boolean;
  /** 'similar' when nothing matched the words exactly and close spellings are shown instead. */
  match: "exact" | "similar";
}

/** The shop's own synonym groups (the built-in ones live in modules/search/query.ts). */
export async function storeSynonyms(db: Db, storeId: string): Promise<string[][]> {
  const rows = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.storeId, storeId));
  return rows.map((r) => r.terms);
}

/** A category, sub-category or brand given in a link by slug or by name. */
const bySlugOrName = (slugColumn: AnyPgColumn, nameColumn: AnyPgColumn, value: string) =>
  or(sql`${slugColumn} = ${value}`, sql`lower(${nameColumn}) = lower(${value})`);

function categoryId(storeId: string, value: string, level: "top" | "sub"): SQL {
  return sql`(select ${categories.id} from ${categories} where ${and(
    eq(categories.storeId, storeId),
    level === "top" ? isNull(categories.parentId) : isNotNull(categories.parentId),
    bySlugOrName(categories.slug, categories.name, value),
  )} limit 1)`;
}

function brandId(storeId: string, value: string): SQL {
  return sql`(select ${brands.id} from ${brands} where ${and(
    eq(brands.storeId, storeId),
    bySlugOrName(brands.slug, brands.name, value),
  )} limit 1)`;
}

/** Every unit of the query matches the start of a word of the product's search text. */
function exactMatch(plan: SearchPlan): SQL | undefined {
  return and(...plan.units.map((unit) => or(...unit.map((term) => sql`${products.searchText} like ${`% ${term}%`}`))));
}

/** As exactMatch, but a long word may also be a close spelling ('panner' for paneer). */
function similarMatch(plan: SearchPlan): SQL | undefined {
  return and(
    ...plan.units.map((unit) => {
      const exact = unit.map((term) => sql`${products.searchText} like ${`% ${term}%`}`);
      const word = unit[0] as string;
      const loose = plan.fuzzyWords.includes(word) ? [sql`${word} <% ${products.searchText}`] : [];
      return or(...exact, ...loose);
    }),
  );
}

function filterConditions(storeId: string, f: ListingFilters): SQL[] {
  const where: SQL[] = [eq(products.storeId, storeId), eq(products.active, true)];
  if (f.category) where.push(sql`${products.categoryId} = ${categoryId(storeId, f.category, "top")}`);
  if (f.sub) where.push(sql`${products.subCategoryId} = ${categoryId(storeId, f.sub, "sub")}`);
  if (f.brandId) where.push(eq(products.brandId, f.brandId));
  else if (f.brand) where.push(sql`${products.brandId} = ${brandId(storeId, f.brand)}`);
  if (f.disc !== null) where.push(gte(products.discountPercent, f.disc));
  if (f.min !== null) where.push(gte(products.bestPrice, f.min * 100));
  if (f.max !== null) where.push(lte(products.bestPrice, f.max * 100));
  return where;
}

function ordering(f: ListingFilters, plan: SearchPlan | null, match: "exact" | "similar"): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  switch (f.sort) {
    // Sorting follows the price the cards show; the price filter uses the best tier price.
    case "priceAsc":
      return [asc(products.unitPrice), asc(products.id)];
    case "priceDesc":
      return [desc(products.unitPrice), desc(products.id)];
    case "relevance": {
      if (!plan || plan.units.length === 0) return newest;
      if (match === "similar") {
        const score = plan.fuzzyWords.map((w) => sql`word_similarity(${w}, ${products.searchText})`);
        return [sql`${sql.join(score, sql` + `)} desc`, ...newest];
      }
      // search_text starts with the name: a name that starts with the query comes first, then
      // products whose name (rather than category or brand) holds the first word, earliest first.
      const first = (plan.units[0] as readonly string[])[0] as string;
      return [
        sql`(${products.searchText} like ${` ${plan.text}%`}) desc`,
        sql`strpos(${products.searchText}, ${` ${first}`})`,
        ...newest,
      ];
    }
    default:
      return newest;
  }
}

/**
 * One page of the products listing: the database filters, sorts and pages (with the indexes of
 * migration 0002), so a filtered view of 100,000 products costs what an unfiltered one does.
 */
export async function listProducts(
  db: Db,
  storeId: string,
  f: ListingFilters,
  range: { offset: number; limit: number },
): Promise<ListingPage> {
  const plan = f.q ? planSearch(f.q, await storeSynonyms(db, storeId)) : null;
  const where = filterConditions(storeId, f);
  const run = (match: "exact" | "similar", text: SQL | undefined) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, text))
      .orderBy(...ordering(f, plan, match))
      .offset(range.offset)
      .limit(range.limit + 1);

  let match: "exact" | "similar" = "exact";
  let rows = await run("exact", plan ? exactMatch(plan) : undefined);
  if (rows.length === 0 && plan && plan.fuzzyWords.length > 0) {
    // Nothing has these words: show close spellings. A later page decides the same way by
    // checking that the exact words still match nothing.
    const anyExact =
      range.offset > 0 &&
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(...where, exactMatch(plan)))
          .limit(1)
      ).length > 0;
    if (!anyExact) {
      match = "similar";
      rows = await run("similar", similarMatch(plan));
    }
  }
  return {
    products: rows.slice(0, range.limit).map(toSummary),
    hasMore: rows.length > range.limit,
    match,
  };
}

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  price: number;
  soldOut: boolean;
}

/** Up to `limit` products for the header search box, best matches first. */
export async function suggestProducts(db: Db, storeId: string, q: string, limit = 8): Promise<Suggestion[]> {
  const page = await listProducts(db, storeId, { ...NO_SORT_FILTERS, q, sort: "relevance" }, { offset: 0, limit });
  return page.products.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    photo: p.photo,
    price: p.price,
    soldOut: p.stock.kind === "sold-out",
  }));
}

const NO_SORT_FILTERS: ListingFilters = {
  q: "",
  category: null,
  sub: null,
  sort: "relevance",
  disc: null,
  min: null,
  max: null,
  brand: null,
  brandId: null,
  page: 1,
};
