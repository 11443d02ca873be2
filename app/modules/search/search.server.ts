/**
 * Catalogue search, the module's way in: `searchProducts` for a listing with a query and
 * `suggestProducts` (suggestions.server.ts) for the header's box. A search goes down these files:
 *
 * - query.ts: what the shopper typed, as units of words and synonyms (pure);
 * - start.server.ts: the query's start, read once per catalogue: which words the catalogue
 *   holds, close spellings, the categories it names (start-cache.ts keeps it per process);
 * - tiers.server.ts: best match, tier by tier (ADR 0010); sorted.server.ts: a chosen sort,
 *   read in order through search_postings or a window; words.server.ts: what both read of
 *   the postings and how their statements are named;
 * - fallbacks.server.ts: every word but one, when nothing holds them all;
 * - facets.server.ts, facets.ts, facets-cache.ts: where a search's matches lie, per category
 *   and brand.
 *
 * Below them all, catalog/listing-sql.server.ts holds the listing's filters and sorts as SQL.
 */
import { and, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import { products } from "../../db/schema";
import type { ListingFilters } from "../catalog/listing";
import {
  asPattern,
  filterConditions,
  hasCategoryOrBrand,
  listingValues,
  ordering,
  pageOfListing,
} from "../catalog/listing-sql.server";
import { type ProductSummary, type SummaryRow, summaryColumns, toSummary } from "../catalog/products.server";
import { mostUnderFilters } from "./facets";
import type { KnownFacets } from "./facets.server";
import { allButOne, MOST_UNITS_LEFT_OUT_IN_TURN } from "./fallbacks.server";
import { categoriesNamed, planSearch, type SearchPlan, spellingSteps } from "./query";
import { searchInOrder } from "./sorted.server";
import { correctSpelling, type SearchStarts, startSearch } from "./start.server";
import { bestMatches } from "./tiers.server";
import { holdsEvery } from "./words.server";

export interface ListingPage {
  products: ProductSummary[];
  hasMore: boolean;
  /** 'similar' when nothing matched the words exactly and close spellings are shown instead. */
  match: "exact" | "similar";
}

/**
 * One page of a search, under the listing's filters and in its sort: the query's start (its
 * words as the catalogue knows them), then best-match tiers or a sorted walk, and when nothing
 * holds every word, every word but one, then close spellings.
 */
export async function searchProducts(
  db: Db,
  storeId: string,
  filters: ListingFilters,
  range: { offset: number; limit: number },
  /** Where a search's start comes from: the process's memory of it (MandiContext), else the database. */
  searchStarts?: SearchStarts,
  /** Where a search's matches lie, when the process knows (MandiContext); else not used. */
  knownFacets?: KnownFacets,
): Promise<ListingPage> {
  // A search with no letters or digits in it ('*', '--') has nothing to match: it finds nothing,
  // as the suggestion box says, rather than every product under "Results for “*”".
  const typed = filters.q ? planSearch(filters.q) : null;
  if (typed?.units.length === 0) return { products: [], hasMore: false, match: "exact" };
  const values = listingValues(storeId, filters);
  const where = filterConditions(values);
  const page = (conditions: (SQL | undefined)[], r: { offset: number; limit: number }) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, ...conditions))
      .orderBy(...ordering(filters))
      .offset(r.offset)
      .limit(r.limit);
  // An id finds the product or the brand's products it is the id of, whole: search texts hold
  // no ids, whose parts would match words ('cafe', 'beef'; migration 0016).
  const id = filters.q?.trim() ?? "";
  if (isUuid(id)) {
    const key = id.toLowerCase();
    const rows = await page([or(eq(products.id, key), eq(products.brandId, key))], {
      offset: range.offset,
      limit: range.limit + 1,
    });
    return { products: rows.slice(0, range.limit).map(toSummary), hasMore: rows.length > range.limit, match: "exact" };
  }
  const search =
    filters.q && typed
      ? await (searchStarts ? searchStarts(storeId, filters.q) : startSearch(db, storeId, filters.q, typed))
      : null;
  const plan = search?.plan ?? null;
  const run = async (p: SearchPlan | null, r = range, typedOfFewer?: SearchPlan) => {
    if (!p) return pageOfListing(db, filters, values, r);
    // The words are in the catalogue, but not under this category, sub-category or brand
    // ('sugar' among oils): nothing to read. Finding that out by reading cost a sorted search
    // two statements, a window in order and then every match by trigram. Facets tell only of a
    // category, sub-category or brand: without one, none is asked for.
    const facets = hasCategoryOrBrand(filters) ? knownFacets?.(storeId, p) : undefined;
    const most = facets ? mostUnderFilters(facets, filters) : null;
    if (most === 0) return [];
    if (filters.sort !== "relevance") return searchInOrder(db, values, filters, p, r, most);
    // Close spellings are ranked closest first; a sort the shopper chose keeps its order.
    const respelt = plan !== null && p !== plan;
    const steps = respelt ? spellingSteps(plan, p) : [p];
    const asTyped = respelt ? typedOfFewer : search?.asTyped;
    // Close spellings rank by closeness alone.
    const namedCategories = respelt ? null : categoriesNamed(p, search?.namedCategories ?? []);
    const ranking = {
      noneStart: respelt || search?.nameStarts === false,
      asTyped,
      namedCategories: namedCategories && { subs: namedCategories.subs.length, tops: namedCategories.tops.length },
      postings: search?.postings,
    };
    return bestMatches(db, filters, values, steps, ranking, r, namedCategories);
  };

  // Whether a plan matches anything under the filters: how a later page decides as the first
  // did. As one pattern per order of the units, which PostgreSQL estimates well (holdsEvery).
  const finds = async (p: SearchPlan) =>
    (await page([holdsEvery(p, products.searchText, asPattern)], { offset: 0, limit: 1 })).length > 0;
  let match: "exact" | "similar" = "exact";
  let rows: SummaryRow[] = [];
  if (search?.respelt !== undefined) {
    // A word is nowhere in the catalogue: its close spellings, on every page alike.
    const { respelt, without } = search;
    if (respelt) {
      match = "similar";
      rows = await run(respelt);
    }
    if (rows.length === 0 && without) {
      // Nor do they match: what the other words find. A later page decides as the first did.
      if (!(respelt !== null && range.offset > 0 && (await finds(respelt)))) {
        match = "similar";
        rows = await run(without);
      }
    }
  } else {
    rows = await run(plan);
    // Each word is somewhere, but nothing here has them all. A later page decides the same way
    // as the first: only when the words match nothing at all.
    const none = plan !== null && rows.length === 0 && !(range.offset > 0 && (await finds(plan)));
    if (plan && none) {
      // The words are each in the catalogue as typed: the products holding all of them but
      // one; should those be none at all, products with close spellings.
      let fewerFind = false;
      if (plan.units.length > 1 && plan.units.length <= MOST_UNITS_LEFT_OUT_IN_TURN) {
        const fewer = (r: { offset: number; limit: number }) =>
          allButOne(db, values, filters, { plan, asTyped: search?.asTyped }, r, run);
        rows = await fewer(range);
        fewerFind = rows.length > 0 || (range.offset > 0 && (await fewer({ offset: 0, limit: 0 })).length > 0);
      }
      const corrected = !fewerFind && plan.fuzzyWords.length > 0 ? await correctSpelling(db, storeId, plan) : null;
      if (fewerFind || corrected) match = "similar";
      if (corrected) rows = await run(corrected);
    }
  }
  return {
    products: rows.slice(0, range.limit).map(toSummary),
    hasMore: rows.length > range.limit,
    match,
  };
}
