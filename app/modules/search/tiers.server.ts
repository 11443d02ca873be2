import { and, desc, not, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { preparedPerDatabase, statementName } from "../../db/prepared.server";
import { products } from "../../db/schema";
import { uuidArrayLiteral } from "../../db/uuid-array.server";
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
  type Pattern,
  patternSlots,
} from "../catalog/listing-sql.server";
import { type SummaryRow, summaryColumns } from "../catalog/products.server";
import { type NamedCategories, orderedNamePatterns, type SearchPlan } from "./query";
import {
  filtersOnPostings,
  hiddenFromStatistics,
  holdsEvery,
  leadingWords,
  namedIf,
  nameStarts,
  POSTINGS_WINDOW,
  postingsKey,
  readWordPostings,
  SEARCH_SHAPES_CACHED,
  unitsShape,
  type WordPostings,
} from "./words.server";

/**
 * Best match: names that start with the query, then names holding every word (as typed, then
 * through a synonym; on the query's named categories, then elsewhere), then the rest (category, brand,
 * code), each newest first. The tiers are read one after another, each as an ordered, limited
 * query, and the next is read only when the page is not yet full: a word that a tenth of the
 * catalogue holds ('atta') reads the first rows of an index instead of ranking all 12,000
 * matches (ADR 0010). The expression indexes of migration 0009 find names by prefix and by
 * trigram, and give the planner statistics on names alone. A respelt search is given as steps,
 * closest spelling first, and ranks each step's tiers before the next step's.
 */
export async function bestMatches(
  db: Db,
  filters: ListingFilters,
  values: ListingValues,
  steps: readonly SearchPlan[],
  ranking: TierRanking,
  range: { offset: number; limit: number },
  /** The named categories `ranking.named categories` counts (`categoriesNamed`). */
  namedCategories: NamedCategories | null,
): Promise<SummaryRow[]> {
  const patterns: Record<string, string> = {};
  const tiers = searchTiers(steps, ranking, patternSlots(patterns));
  const namedValues: Record<string, string> = {};
  if (namedCategories) {
    namedValues.namedSubs = uuidArrayLiteral(namedCategories.subs);
    namedValues.namedTops = uuidArrayLiteral(namedCategories.tops);
    namedCategories.subs.forEach((id, i) => {
      namedValues[`namedSub${i}`] = id;
    });
    namedCategories.tops.forEach((id, i) => {
      namedValues[`namedTop${i}`] = id;
    });
  }
  const need = range.offset + range.limit + 1;
  const rows: SummaryRow[] = [];
  // Each step's postings, looked up when a tier of the step is first read from them.
  const postings = new Map<number, Promise<WordPostings | null>>();
  const postingsOf = (step: number) => {
    let words = postings.get(step);
    if (!words) {
      const leading = leadingWords(steps[step] as SearchPlan);
      // The start's lists are counted with no filter: a price range or a discount counts its own.
      const known = leading && !hasPriceOrDiscount(values) ? ranking.postings?.get(postingsKey(leading)) : undefined;
      if (known !== undefined || !leading) words = Promise.resolve(known ?? null);
      else words = readWordPostings(db, values.storeId, leading, filtersOnPostings(values));
      postings.set(step, words);
    }
    return words;
  };
  // Without a price range or a discount, whose conditions are weighed by their values, the
  // tiers whose plans do not depend on their words are prepared by name (namedIf).
  const byName = !hasPriceOrDiscount(values);
  for (const [tier, { step, byLists }] of tiers.entries()) {
    const shape = { filters, steps, ranking, tier, named: false };
    const run = { ...values, ...patterns, ...namedValues, limit: need - rows.length };
    const fromLists =
      byLists && !hasCategoryOrBrand(filters)
        ? await tierFromLists(db, shape, byName, run, await postingsOf(step))
        : null;
    // A named category's walk plans alike for any words (they are `coalesce`d, and each named category is a key).
    // Any other tier is planned for its patterns' values.
    rows.push(...(fromLists ?? (await tierPage(db, namedIf(byName && !byLists, shape, tierShapeKey)).execute(run))));
    if (rows.length >= need) break;
  }
  return rows.slice(range.offset);
}

/**
 * A tier read from its step's postings, newest first (search_postings by date, as a sorted
 * search reads them): the lists merged, each product checked against the tier, until the page is
 * full (ADR 0047). Every product a tier holds is in a list: its name starts with the query or
 * holds every word of the step, or its text does (search_name is the start of search_text), so
 * it holds a word the leading words start. The lists visit the products the date index would,
 * less those holding none of the words: names holding 'paneer' read 72 entries for a page of
 * 25 where the date index read 1,621 rows, and names starting with 'aashirvaad' 25 where it
 * read 2,919 (100,000 products: 5.5 ms -> 1.2 ms, and 5.5 ms -> 0.5 ms). Their words are
 * `unestimated`, so weighing them costs no planning either.
 *
 * Null, for the tier's own statement to read, when the step has no lists to read (no leading
 * words, or too many words), or when the first POSTINGS_WINDOW entries do not fill the page and
 * are not the whole lists: a tier few of the words' products are in (names holding 'hotpack'
 * past their start: none among its first 512 entries) is found sooner by its own indexes.
 */
async function tierFromLists(
  db: Db,
  shape: TierShape,
  /** Whether its statement may be prepared by name (namedIf). */
  byName: boolean,
  run: Record<string, unknown> & { limit: number },
  postings: WordPostings | null,
): Promise<SummaryRow[] | null> {
  if (!postings || postings.words.length === 0) return null;
  // No product in the range holds the words.
  if (postings.entries === 0) return [];
  const words = Object.fromEntries(postings.words.map((word, i) => [`word${i}`, word]));
  const lists = namedIf(byName, { ...shape, words: postings.words.length }, listsShapeKey);
  const rows = await tierListsPage(db, lists).execute({ ...run, ...words });
  return rows.length >= run.limit || postings.entries <= POSTINGS_WINDOW ? rows : null;
}

/** How many sub-categories and categories are a query's named categories. */
interface NamedCategoryCounts {
  subs: number;
  tops: number;
}

/** What orders a search's tiers, besides its steps. */
interface TierRanking {
  /** No name starts with the steps' text: no names-that-start tier (see rankingTiers). */
  noneStart: boolean;
  /** The query as typed, ranked before its synonyms (`SearchStart.asTyped`); a plan of one step only. */
  asTyped?: SearchPlan | undefined;
  /**
   * How many sub-categories and categories are the query's named categories (`categoriesNamed`), when it
   * has some: names holding the words are read on them first. Their ids are the placeholders
   * namedSub0, namedSub1... and namedTop0..., and as arrays namedSubs and namedTops.
   */
  namedCategories: NamedCategoryCounts | null;
  /** The steps' postings the search's start knows (`SearchStart.postings`); no part of a statement's text. */
  postings?: ReadonlyMap<string, WordPostings | null> | undefined;
}

/**
 * One tier of a ranked search: its condition, and, for a tier of the query's named categories, how many
 * of them it reads (`onNamed`).
 */
interface Tier {
  where: SQL | undefined;
  onNamed?: NamedCategoryCounts;
  /** Which of the search's steps the tier is of (searchTiers). */
  step: number;
  /**
   * Whether the tier may be read from its step's postings (tierFromLists): every tier but a
   * walk of the query's named categories, which reads each named category's own index.
   */
  byLists: boolean;
}

/** Whether a tier's own words are weighed by PostgreSQL's statistics of names and texts. */
type Estimated = "estimated" | "unestimated";

/**
 * A search's tiers in the order they are read. A respelt search ranks by closeness first: each
 * step's tiers hold only what the steps before it did not match (spellingSteps in
 * modules/search/query.ts).
 */
function searchTiers(
  steps: readonly SearchPlan[],
  ranking: TierRanking,
  pattern: Pattern,
  estimated: Estimated = "estimated",
): Tier[] {
  return steps.flatMap((step, i) => {
    const before =
      i > 0 ? exactMatch(steps[i - 1] as SearchPlan, hiddenFromStatistics(products.searchText), pattern) : undefined;
    return rankingTiers(step, ranking, pattern, estimated).map((tier) => ({
      ...tier,
      where: before ? and(tier.where, not(before)) : tier.where,
      step: i,
    }));
  });
}

/** One tier of a ranked search, with the listing's filters. */
interface TierShape {
  filters: ListingFilters;
  steps: readonly SearchPlan[];
  ranking: TierRanking;
  tier: number;
  /** Prepared by name, and planned once for any values (namedIf); else planned for each run's values. */
  named: boolean;
}

/**
 * A tier's statement, built once per database and shape: which filters the listing has, and
 * how many terms and patterns each step's units give (what `searchTiers` asks for, in order).
 * Drizzle built each tier afresh on every search, an eighth of a suggestion's server time. Its
 * patterns are placeholders named by `patternSlots`. PostgreSQL plans each run for its values
 * (an empty name): a word in a tenth of the names is best found by walking the newest first,
 * a rare one by its trigrams.
 */
const tierPage = preparedPerDatabase(
  (db, shape: TierShape) => {
    const { filters: listingFilters, steps, ranking, tier, named } = shape;
    const { where, onNamed } = searchTiers(steps, ranking, patternSlots())[tier] ?? { where: undefined };
    const filters = filtersAsPlaceholders(listingFilters);
    return db
      .select(summaryColumns)
      .from(products)
      .where(onNamed ? sql`${products.id} in (${categoryByCategory(filters, where, onNamed)})` : and(...filters, where))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(named ? statementName("mandi_tier", tierShapeKey(shape)) : "");
  },
  (shape: TierShape) => tierShapeKey(shape),
  SEARCH_SHAPES_CACHED,
);

/** What a tier's statement's text depends on (see tierPage). */
function tierShapeKey({
  filters,
  steps,
  ranking: { noneStart, asTyped, namedCategories },
  tier,
  named,
}: TierShape): string {
  return `${listingShape(filters)}/${steps.map(stepShape).join("/")}/${noneStart ? "nonestart" : "starts"}/${asTyped ? stepShape(asTyped) : "-"}/${namedCategories ? `${namedCategories.subs}.${namedCategories.tops}` : "-"}/${tier}${named ? "/named" : ""}`;
}

/** A tier read from its step's postings, and how many words they are. */
interface ListsShape extends TierShape {
  words: number;
}

const listsShapeKey = (shape: ListsShape) => `${tierShapeKey(shape)}/lists${shape.words}`;

/**
 * A tier read from its step's postings (tierFromLists), built once per database and shape:
 * the tier's statement with the lists merged newest first in front of it. The words are the
 * placeholders word0, word1...; the lists keep the price range and discount on their own
 * index, as a sorted search's do.
 *
 * Its plan is the same for any words: each list is read newest first through its index up to
 * POSTINGS_WINDOW entries, and each entry's product by its key, until the page is full; the
 * patterns are `unestimated`. So it is prepared by name (namedIf) and keeps a generic plan:
 * planning it for each search's values cost PostgreSQL more than running it (ADR 0048).
 */
const tierListsPage = preparedPerDatabase(
  (db, shape: ListsShape) => {
    const { filters, steps, ranking, tier, words, named } = shape;
    const { where } = searchTiers(steps, ranking, patternSlots(), "unestimated")[tier] ?? { where: undefined };
    const store = sql.placeholder("storeId");
    const postingFilters = filtersOnPostings(listingValues("", filters), asPlaceholder);
    const lists = Array.from(
      { length: words },
      (_, i) => sql`(select product_id, created_at as k from search_postings
        where store_id = ${store} and word = ${sql.placeholder(`word${i}`)}${postingFilters}
        order by created_at desc, product_id desc limit ${sql.raw(String(POSTINGS_WINDOW))})`,
    );
    // A product holding two of the words is in two lists: once is enough.
    const postings = sql`(select distinct on (k, product_id) product_id, k from (${sql.join(lists, sql` union all `)}) u
      order by k desc, product_id desc limit ${sql.raw(String(POSTINGS_WINDOW))}) w`;
    const found = sql`${products.id} in (select ${products.id} from ${postings} join ${products} on ${products.id} = w.product_id
      where ${and(...filtersAsPlaceholders(filters), where)} order by w.k desc, w.product_id desc limit ${sql.placeholder("limit")})`;
    return db
      .select(summaryColumns)
      .from(products)
      .where(found)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(named ? statementName("mandi_tier_lists", listsShapeKey(shape)) : "");
  },
  listsShapeKey,
  SEARCH_SHAPES_CACHED,
);

/**
 * The newest products meeting the listing's `filters` and the tier's `words` on the query's
 * named categories, as ids: each named category read newest first through its own index (a sub-category's or a
 * category's) up to the page, and the pages merged. A named category's walk reads no more than the
 * named category, however few of its products hold the words.
 *
 * How many products in a named category hold the words, PostgreSQL cannot know: taking name and category
 * for independent, it expected 242 of 100,000 for 'rice' where there are 4,249, and found and
 * sorted them all (10 ms) rather than walk (1 ms); 78 of 1,500 'cream' on Butter & Cream (3 ms
 * against 0.5). Inside `coalesce` the words are a condition it takes half the rows to meet,
 * and checks on each row it walks. On the whole catalogue's walk the same guess cost 9,600 rows
 * for 25 'bags' (7 ms), and would have cost the whole catalogue for a word common in names and
 * rare on a small named category of its name.
 */
function categoryByCategory(filters: readonly SQL[], words: SQL | undefined, { subs, tops }: NamedCategoryCounts): SQL {
  const walk = (column: AnyPgColumn, placeholder: string) =>
    sql`(select ${products.id} as id, ${products.createdAt} as created_at from ${products}
      where ${and(...filters, words && sql`coalesce(${words}, false)`, sql`${column} = ${sql.placeholder(placeholder)}::uuid`)}
      order by ${products.createdAt} desc, ${products.id} desc limit ${sql.placeholder("limit")})`;
  const walks = [
    ...Array.from({ length: subs }, (_, i) => walk(products.subCategoryId, `namedSub${i}`)),
    ...Array.from({ length: tops }, (_, i) => walk(products.categoryId, `namedTop${i}`)),
  ];
  return sql`select s.id from (${sql.join(walks, sql` union all `)}) s order by s.created_at desc, s.id desc limit ${sql.placeholder("limit")}`;
}

/** What a step's patterns are, as counts: its units' terms, and its ordered name patterns. */
const stepShape = (p: SearchPlan) => `${unitsShape(p)}:${orderedNamePatterns(p)?.length ?? "-"}`;

/**
 * A search's ranking: names that start with it, names holding every word (those holding the
 * words as typed first, when synonyms widen the query), then the rest. Names holding the words
 * are read on the query's named categories first, when it has some: 'rice' lists Basmati Rice and Sona
 * Masoori Rice (in the categories 'Basmati Rice' and 'Everyday Rice') before Rice Flour, and
 * 'butter' Table Butter before Butter Paper Sheets, whatever is newer.
 *
 * A search no name starts with has no first tier (`noneStart`): reading it cost a statement
 * and its planning, for nothing. That is so of a respelt plan, whose `text` is the query as
 * typed: either a word of it starts no word of the catalogue, or the typed query, with the same
 * filters, matched nothing at all (listProducts tries close spellings only then). And it is so
 * of a query whose start found that no product of the store has a name starting with it
 * (`SearchStart.nameStarts`): 'basm' starts words, not names.
 */
function rankingTiers(
  p: SearchPlan,
  { noneStart, asTyped, namedCategories }: TierRanking,
  pattern: Pattern,
  estimated: Estimated = "estimated",
): Omit<Tier, "step">[] {
  const name = hiddenFromStatistics(products.searchName);
  // The columns the tiers' own words are weighed on; read from the postings, the plan is
  // the lists', whatever the words' frequencies, and weighing them would only cost planning.
  const names = estimated === "estimated" ? products.searchName : name;
  const texts = estimated === "estimated" ? products.searchText : hiddenFromStatistics(products.searchText);
  // A name that starts with the query, or holds every word, matches the whole search text
  // too: leaving that condition out of the first tiers keeps the planner from counting the
  // same words twice (it would take a broad word for a rare one). What the tiers before found
  // is left out on `unestimated` names, which costs no planning.
  const notStarting = noneStart ? undefined : not(nameStarts(p, name, pattern));
  // A product is in a named category by its sub-category, or by a category none of whose sub-categories
  // is a named category (categoriesNamed); off the named categories by neither, or by having no category. On the
  // named categories, each is read by its own index (categoryByCategory). Off them, `coalesce` makes PostgreSQL
  // take the condition for one that half the rows meet; the named categories' share of the catalogue
  // would tell it nothing of their share of the names.
  const offNamed = not(
    sql`coalesce(${products.subCategoryId} = any(${sql.placeholder("namedSubs")}::uuid[]) or ${products.categoryId} = any(${sql.placeholder("namedTops")}::uuid[]), false)`,
  );
  const byCategory = (where: SQL | undefined): Omit<Tier, "step">[] =>
    namedCategories
      ? [
          { where, onNamed: namedCategories, byLists: false },
          { where: and(where, offNamed), byLists: true },
        ]
      : [{ where, byLists: true }];
  // Names holding the words as typed, when synonyms widen the query, before names holding a
  // synonym: whatever the first hold, the second do too (planSearch's `asTyped`).
  const holding = asTyped
    ? [
        ...byCategory(and(holdsEvery(asTyped, names, pattern), notStarting)),
        ...byCategory(and(holdsEvery(p, names, pattern), notStarting, not(holdsEvery(asTyped, name, pattern)))),
      ]
    : byCategory(and(holdsEvery(p, names, pattern), notStarting));
  const tiers = [
    ...holding,
    { where: and(holdsEvery(p, texts, pattern), not(holdsEvery(p, name, pattern))), byLists: true },
  ];
  return noneStart ? tiers : [{ where: nameStarts(p, names, pattern), byLists: true }, ...tiers];
}
