import { and, asc, desc, eq, gte, isNotNull, isNull, lte, not, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { brands, categories, products, searchSynonyms } from "../../db/schema";
import { orderedNamePatterns, planSearch, type SearchPlan, type SearchUnit } from "../search/query";
import { type ListingFilters, NO_FILTERS } from "./listing";
import { type ProductSummary, type SummaryRow, summaryColumns, toSummary } from "./products.server";

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
function exactMatch(plan: SearchPlan, text: SQL | AnyPgColumn = products.searchText): SQL | undefined {
  return and(...plan.units.map((unit) => or(...unit.map((term) => sql`${text} like ${`% ${term}%`}`))));
}

/**
 * 'Every word of the query that is a unit of its own, of ASCII letters, starts some word of the
 * catalogue', from search_words (which holds the start of every word, migration 0011). It names
 * no product column, so PostgreSQL checks it once, before the scan (a one-time filter on the
 * prefix index, about 20 µs): a misspelt word ('panner') makes the query answer at once instead
 * of searching every product for a word that is nowhere. Null when no word can be checked.
 */
function wordsExist(storeId: string, plan: SearchPlan): SQL | undefined {
  const words = plan.units.flatMap((unit) => (unit.length === 1 && /^[a-z]{3,}$/.test(unit[0] ?? "") ? [unit[0]] : []));
  return and(
    ...words.map(
      (word) => sql`exists (select 1 from search_words where store_id = ${storeId} and word like ${`${word}%`})`,
    ),
  );
}

/** The product's name within search_text, which keeps it before two spaces (migration 0006). */
const nameText = sql`split_part(${products.searchText}, '  ', 1)`;

/**
 * Close spellings from the words the catalogue uses, for the words of the query that match
 * nothing ('panner' gives paneer, 'basmti' basmati): trigram similarity over search_words, a
 * table of a few thousand words, rather than over every product.
 */
async function correctSpelling(db: Db, storeId: string, plan: SearchPlan): Promise<SearchPlan | null> {
  let changed = false;
  const units: SearchUnit[] = [];
  for (const unit of plan.units) {
    const word = unit[0] as string;
    if (unit.length > 1 || !plan.fuzzyWords.includes(word)) {
      units.push(unit);
      continue;
    }
    // search_words is kept by the products trigger and has no Drizzle table; both drivers
    // answer execute() with { rows }.
    const result = (await db.execute(
      sql`select word from search_words where store_id = ${storeId} and word % ${word}
          order by similarity(word, ${word}) desc, word limit 3`,
    )) as unknown as { rows: { word: string }[] };
    const words = result.rows.map((r) => r.word).filter((w) => w !== word);
    if (words.length > 0) changed = true;
    units.push([word, ...words]);
  }
  return changed ? { ...plan, units } : null;
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

function ordering(f: ListingFilters): SQL[] {
  switch (f.sort) {
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
function orderingAfterMatch(f: ListingFilters): SQL[] {
  switch (f.sort) {
    case "priceAsc":
      return [sql`${products.unitPrice} + 0`, asc(products.id)];
    case "priceDesc":
      return [sql`${products.unitPrice} + 0 desc`, desc(products.id)];
    default:
      return [sql`${products.createdAt} + interval '0 seconds' desc`, desc(products.id)];
  }
}

/** The sort key of the products listing's ordering, by name, for a window's rows. */
function windowOrdering(f: ListingFilters): SQL {
  switch (f.sort) {
    case "priceAsc":
      return sql`w.unit_price asc, w.id asc`;
    case "priceDesc":
      return sql`w.unit_price desc, w.id desc`;
    default:
      return sql`w.created_at desc, w.id desc`;
  }
}

/** How many rows, in the listing's order, a search reads before it looks for its words another way. */
const SEARCH_WINDOW = 512;

/**
 * A search sorted by price or date. The words' matches may be anywhere in that order: a common
 * word ('kg', 'masala') fills a page within the first rows of the sort's index, while a word
 * whose products all sit at the far end of it ('tea', ascending by price: 21,600 rows read for
 * 25) or that the filters leave nowhere ('maida' among spices) made PostgreSQL read the whole
 * index. So the first SEARCH_WINDOW rows in order are read (a bounded index scan); when they
 * hold a whole page, that is the page, since every later match comes after them. Otherwise the
 * matches are found by the words' trigram index and sorted: cheap for a rare word ('tea', 2,500
 * matches: 7 ms), dearer for a common word at the far end of the order ('masala', dearest
 * first: 16,000 matches, about 40 ms at 100,000 products).
 */
async function searchInOrder(
  db: Db,
  storeId: string,
  f: ListingFilters,
  where: SQL[],
  plan: SearchPlan,
  range: { offset: number; limit: number },
) {
  const need = range.offset + range.limit + 1;
  const known = wordsExist(storeId, plan);
  const windowed = sql`${products.id} in (select w.id from (
      select ${products.id} as id, ${products.unitPrice} as unit_price, ${products.createdAt} as created_at,
        ${products.searchText} as search_text
      from ${products} where ${and(...where)} order by ${sql.join(ordering(f), sql`, `)}
      limit ${Math.max(SEARCH_WINDOW, need * 8)}
    ) w where ${exactMatch(plan, sql`w.search_text`) ?? sql`true`} order by ${windowOrdering(f)} limit ${need})`;
  const inWindow = await db
    .select(summaryColumns)
    .from(products)
    .where(and(...where, windowed, known))
    .orderBy(...ordering(f))
    .limit(need);
  if (inWindow.length >= need) return inWindow.slice(range.offset);
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(...where, exactMatch(plan), known))
    .orderBy(...orderingAfterMatch(f))
    .offset(range.offset)
    .limit(range.limit + 1);
}

/**
 * Best match: names that start with the query, then names holding every word, then the rest
 * (category, brand, code), each newest first. The tiers are read one after another, each as an
 * ordered, limited query, and the next is read only when the page is not yet full: a word that
 * a tenth of the catalogue holds ('atta') reads the first rows of an index instead of ranking
 * all 12,000 matches (ADR 0010). The expression indexes of migration 0009 find names by prefix
 * and by trigram, and give the planner statistics on names alone.
 */
async function bestMatches(
  db: Db,
  storeId: string,
  where: SQL[],
  p: SearchPlan,
  range: { offset: number; limit: number },
): Promise<SummaryRow[]> {
  // 'Name holds every word' as ordered patterns where that means the same (see the function).
  const ordered = orderedNamePatterns(p);
  const inName =
    (ordered ? or(...ordered.map((pattern) => sql`${nameText} like ${pattern}`)) : exactMatch(p, nameText)) ??
    sql`true`;
  const startsName = sql`${nameText} like ${` ${p.text}%`}`;
  // A name that starts with the query, or holds every word, matches the whole search text
  // too: leaving that condition out of the first two tiers keeps the planner from counting the
  // same words twice (it would take a broad word for a rare one).
  const known = wordsExist(storeId, p);
  const tiers = [startsName, and(inName, not(startsName), known), and(exactMatch(p), not(inName), known)];
  const need = range.offset + range.limit + 1;
  const rows: SummaryRow[] = [];
  for (const tier of tiers) {
    const found = await db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, tier))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(need - rows.length);
    rows.push(...found);
    if (rows.length >= need) break;
  }
  return rows.slice(range.offset);
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
  // A search with no letters or digits in it ('*', '--') has nothing to match: it finds nothing,
  // as the suggestion box says, rather than every product under "Results for “*”".
  if (plan && plan.units.length === 0) return { products: [], hasMore: false, match: "exact" };
  const where = filterConditions(storeId, f);
  const page = (conditions: (SQL | undefined)[], r: { offset: number; limit: number }) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, ...conditions))
      .orderBy(...ordering(f))
      .offset(r.offset)
      .limit(r.limit);
  const run = async (p: SearchPlan | null) => {
    if (!p) return page([], { offset: range.offset, limit: range.limit + 1 });
    if (f.sort !== "relevance") return searchInOrder(db, storeId, f, where, p, range);
    return bestMatches(db, storeId, where, p, range);
  };

  let match: "exact" | "similar" = "exact";
  let rows = await run(plan);
  if (plan && plan.fuzzyWords.length > 0 && rows.length === 0) {
    // Nothing has these words: show products with close spellings instead. A later page
    // decides the same way as the first: only when the words match nothing at all.
    const exactExists =
      range.offset > 0 &&
      (await page([exactMatch(plan), wordsExist(storeId, plan)], { offset: 0, limit: 1 })).length > 0;
    const corrected = exactExists ? null : await correctSpelling(db, storeId, plan);
    if (corrected) {
      match = "similar";
      rows = await run(corrected);
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
  const page = await listProducts(db, storeId, { ...NO_FILTERS, q, sort: "relevance" }, { offset: 0, limit });
  return page.products.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    photo: p.photo,
    price: p.price,
    soldOut: p.stock.kind === "sold-out",
  }));
}
