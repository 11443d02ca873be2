import { and, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { limitAsWritten, preparedPerDatabase, statementName } from "../../db/prepared.server";
import { products } from "../../db/schema";
import type { ListingFilters } from "../catalog/listing";
import {
  asPlaceholder,
  exactMatch,
  filtersAsPlaceholders,
  hasCategoryOrBrand,
  hasPriceOrDiscount,
  type ListingValues,
  listingShape,
  listingValues,
  ordering,
  orderingAfterMatch,
  patternSlots,
  priceWalkBound,
  priceWalkOnPlaceholders,
  WRITTEN_LIMITS,
  windowOrdering,
} from "../catalog/listing-sql.server";
import { type SummaryRow, summaryColumns } from "../catalog/products.server";
import type { SearchPlan } from "./query";
import {
  filtersOnPostings,
  leadingWords,
  namedIf,
  POSTINGS_WINDOW,
  readWordPostings,
  SEARCH_SHAPES_CACHED,
  unitsShape,
} from "./words.server";

/** How many rows, in the listing's order, a search reads before it looks for its words another way. */
const SEARCH_WINDOW = 512;

/**
 * A sorted search read from its postings in the listing's order (search_postings, kept with
 * the products' prices and dates by a trigger): the catalogue's words the leading words start
 * (from search_words), each word's postings read in order and merged by PostgreSQL, each product
 * checked against the filters and the whole query until the page is full. Null when the query
 * has no leading words, they start too many words, or the first POSTINGS_WINDOW entries do not
 * fill the page (filters that leave few of the words' products) and are not all there is. When
 * the lists hold no more than POSTINGS_WINDOW entries within the price range and discount, every
 * match is among them: what they give is the whole answer, short of a page or empty.
 */
async function searchPostings(
  db: Db,
  values: ListingValues,
  filters: ListingFilters,
  plan: SearchPlan,
  /** The query's patterns, by their placeholders' names (patternSlots). */
  patterns: Record<string, string>,
  need: number,
): Promise<SummaryRow[] | null> {
  // A category or a brand leaves few of a common word's products: its list would be read far
  // for a page, and the listing's own indexes find them sooner.
  if (hasCategoryOrBrand(filters)) return null;
  const leading = leadingWords(plan);
  if (!leading) return null;
  const { storeId } = values;
  // The price range bounds the price a list is sorted by (priceWalkBound): its walk starts where
  // the range does. The price range and the discount are checked on the list's own index
  // (migration 0018), so its first entries are products the filters keep.
  const bound = priceWalkBound(values, filters.sort, sql.raw("unit_price"));
  const found = await readWordPostings(
    db,
    storeId,
    leading,
    sql`${bound ? sql` and ${bound}` : sql``}${filtersOnPostings(values)}`,
  );
  if (!found || found.words.length === 0) return null;
  const { words, entries } = found;
  // No product holding the words is in the range: nothing matches.
  if (entries === 0) return [];
  const postings = Object.fromEntries(words.map((word, i) => [`word${i}`, word]));
  const shape = namedIf(
    !hasPriceOrDiscount(values),
    { filters, plan, words: words.length, named: false },
    sortedListsKey,
  );
  const rows = await sortedListsPage(db, shape).execute({ ...values, ...patterns, ...postings, need });
  return rows.length >= need || entries <= POSTINGS_WINDOW ? rows : null;
}

/** A sorted search read from its postings: its filters, sort and words, and how many words. */
interface SortedListsShape extends SortedSearchShape {
  words: number;
  /** Prepared by name (namedIf). */
  named: boolean;
}

const sortedListsKey = (shape: SortedListsShape) =>
  `${sortedSearchShape(shape)}/lists${shape.words}${shape.named ? "/named" : ""}`;

/**
 * searchPostings' statement, built once per database and shape: the postings (the
 * placeholders word0, word1...) each read in the listing's order up to POSTINGS_WINDOW
 * entries, merged, and each entry's product checked until `need` are found. Its plan is the same
 * for any words, so without a price range or a discount it is prepared by name (ADR 0048).
 */
const sortedListsPage = preparedPerDatabase(
  (db, shape: SortedListsShape) => {
    const { filters, plan, words, named } = shape;
    const key = filters.sort === "newest" ? sql.raw("created_at") : sql.raw("unit_price");
    const dir = filters.sort === "priceAsc" ? sql.raw("asc") : sql.raw("desc");
    const v = listingValues("", filters);
    const bound = priceWalkBound(v, filters.sort, sql.raw("unit_price"), asPlaceholder);
    const postingFilters = sql`${bound ? sql` and ${bound}` : sql``}${filtersOnPostings(v, asPlaceholder)}`;
    const store = sql.placeholder("storeId");
    const lists = Array.from(
      { length: words },
      (_, i) => sql`(select product_id, ${key} as k from search_postings
        where store_id = ${store} and word = ${sql.placeholder(`word${i}`)}${postingFilters}
        order by ${key} ${dir}, product_id ${dir} limit ${sql.raw(String(POSTINGS_WINDOW))})`,
    );
    // A product holding two of the words is in two lists: once is enough.
    const postings = sql`(select distinct on (k, product_id) product_id, k from (${sql.join(lists, sql` union all `)}) u
      order by k ${dir}, product_id ${dir} limit ${sql.raw(String(POSTINGS_WINDOW))}) w`;
    const match = exactMatch(plan, products.searchText, patternSlots());
    return db
      .select(summaryColumns)
      .from(products)
      .where(
        sql`${products.id} in (select ${products.id} from ${postings} join ${products} on ${products.id} = w.product_id
          where ${and(...filtersAsPlaceholders(filters), match)} order by w.k ${dir}, w.product_id ${dir} limit ${sql.placeholder("need")})`,
      )
      .orderBy(...ordering(filters))
      .limit(sql.placeholder("need"))
      .prepare(named ? statementName("mandi_sorted_lists", sortedListsKey(shape)) : "");
  },
  sortedListsKey,
  SEARCH_SHAPES_CACHED,
);

/**
 * A search sorted by price or date. The words' matches may be anywhere in that order: a common
 * word ('kg', 'masala') fills a page within the first rows of the sort's index, while a word
 * whose products all sit at the far end of it ('tea', ascending by price: 21,600 rows read for
 * 25) or that the filters leave nowhere ('maida' among spices) made PostgreSQL read the whole
 * index. So the first SEARCH_WINDOW rows in order are read (a bounded index scan); when they
 * hold a whole page, that is the page, since every later match comes after them. Next, the
 * words' own lists in that order (searchPostings): 'masala', dearest first, 35 ms -> 0.1 ms.
 * Otherwise the matches are found by the words' trigram index and sorted: cheap for a rare word
 * ('tea', 2,500 matches: 7 ms), dearer for a common one. When the search's facets say its
 * category, sub-category or brand holds fewer matches than the rows asked for, that is the only
 * way that can answer, and the first two are not tried.
 */
export async function searchInOrder(
  db: Db,
  values: ListingValues,
  filters: ListingFilters,
  plan: SearchPlan,
  range: { offset: number; limit: number },
  /** At most how many products the filters leave the search, when its facets tell (mostUnderFilters). */
  most: number | null,
) {
  const need = range.offset + range.limit + 1;
  const patterns: Record<string, string> = {};
  exactMatch(plan, products.searchText, patternSlots(patterns));
  // Fewer matches than the rows asked for: no window and no list can hold them all, and only
  // the last way finds every one.
  if (most === null || most >= need) {
    // A first page of a usual size writes its window and size: prepared by name (ADR 0048).
    const first = range.offset === 0 && WRITTEN_LIMITS.has(need) && !hasPriceOrDiscount(values);
    const shape = namedIf(first, { filters, plan, need, named: false }, windowShapeKey);
    const inWindow = await windowPage(db, shape).execute({
      ...values,
      ...patterns,
      window: windowFor(need),
      need,
    });
    if (inWindow.length >= need) return inWindow.slice(range.offset);
    const postings = await searchPostings(db, values, filters, plan, patterns, need);
    if (postings) return postings.slice(range.offset);
  }
  return matchesThenOrder(db, { filters, plan }).execute({
    ...values,
    ...patterns,
    offset: range.offset,
    limit: range.limit + 1,
  });
}

/** A sorted search's filters, sort and words, for its statements built once per shape. */
interface SortedSearchShape {
  filters: ListingFilters;
  plan: SearchPlan;
}

/**
 * What a sorted search's statements' text depends on: which filters, the sort, and how many
 * terms each unit of the query has (exactMatch's patterns, named by `patternSlots`).
 */
const sortedSearchShape = ({ filters, plan }: SortedSearchShape) => `${listingShape(filters)}/${unitsShape(plan)}`;

/** How many rows in order a sorted search's window reads for a page that needs `need`. */
const windowFor = (need: number) => Math.max(SEARCH_WINDOW, need * 8);

/** A sorted search's window: its filters, sort and words, and the rows it needs. */
interface WindowShape extends SortedSearchShape {
  need: number;
  /** A first page, its window and size written and the statement prepared by name (namedIf). */
  named: boolean;
}

const windowShapeKey = (shape: WindowShape) =>
  shape.named ? `${sortedSearchShape(shape)}/first${shape.need}` : sortedSearchShape(shape);

/**
 * searchInOrder's first statement: the first rows in order (as many as `window`), and of them
 * the first `need` that hold the words. Built once per shape. A first page without a price
 * range or a discount has its window and size written (as a listing's first page has, ADR
 * 0045) and is prepared by name: it walks the sort's index for the window whatever the words
 * (ADR 0048). Any other is planned for its values.
 */
const windowPage = preparedPerDatabase(
  (db, shape: WindowShape) => {
    const { filters, plan, named, need } = shape;
    const where = filtersAsPlaceholders(filters);
    const window = named ? limitAsWritten(windowFor(need)) : sql.placeholder("window");
    const limit = named ? limitAsWritten(need) : sql.placeholder("need");
    const windowed = sql`${products.id} in (select w.id from (
      select ${products.id} as id, ${products.unitPrice} as unit_price, ${products.createdAt} as created_at,
        ${products.searchText} as search_text
      from ${products} where ${and(...where, priceWalkOnPlaceholders(filters))} order by ${sql.join(ordering(filters), sql`, `)}
      limit ${window}
    ) w where ${exactMatch(plan, sql`w.search_text`, patternSlots()) ?? sql`true`} order by ${windowOrdering(filters)} limit ${limit})`;
    return db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, windowed))
      .orderBy(...ordering(filters))
      .limit(limit)
      .prepare(named ? statementName("mandi_window", windowShapeKey(shape)) : "");
  },
  windowShapeKey,
  SEARCH_SHAPES_CACHED,
);

/** searchInOrder's last resort: every match found by its words' trigrams, then sorted. */
const matchesThenOrder = preparedPerDatabase(
  (db, { filters, plan }: SortedSearchShape) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...filtersAsPlaceholders(filters), exactMatch(plan, products.searchText, patternSlots())))
      .orderBy(...orderingAfterMatch(filters))
      .offset(sql.placeholder("offset"))
      .limit(sql.placeholder("limit"))
      .prepare(""),
  sortedSearchShape,
  SEARCH_SHAPES_CACHED,
);
