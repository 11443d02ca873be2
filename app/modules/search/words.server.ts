import { or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { asValue, type Bind, exactMatch, type ListingValues, type Pattern } from "../catalog/listing-sql.server";
import { orderedNamePatterns, type SearchPlan, type SearchUnit } from "./query";

/** The key of a plan's leading words in `SearchStart.postings`. */
export const postingsKey = (leading: readonly string[]) => [...leading].sort().join(" ");

/**
 * For each word, the catalogue's words it starts (search_words' prefix index, up to one more than
 * MOST_LISTED_WORDS) with the entries of each one's list that the conditions `kept` keep, counted
 * on the list's index up to one more than POSTINGS_WINDOW: one JSON array of
 * `[[word, entries], ...]` per word, in order, read back by `listsRead`.
 */
export function listsOf(storeId: string, words: readonly string[], postingFilters: SQL = sql``): SQL {
  if (words.length === 0) return sql`'[]'::json`;
  // search_words and search_postings have no Drizzle tables.
  const one = (word: string) => sql`(select coalesce(json_agg(json_build_array(sw.word,
      (select count(*)::int from (select 1 from search_postings
        where store_id = ${storeId} and word = sw.word${postingFilters} limit ${POSTINGS_WINDOW + 1}) c))), '[]'::json)
    from (select word from search_words where store_id = ${storeId} and word like ${`${word}%`}
      limit ${MOST_WORDS_READ_TOGETHER + 1}) sw)`;
  return sql`json_build_array(${sql.join(words.map(one), sql`, `)})`;
}

/** A catalogue word and its list's entries, as `listsOf` reads them. */
export type ListSize = [word: string, entries: number];

/** The answer to `listsOf(storeId, words)`, as each word's catalogue words and their lists' sizes. */
export function listsRead(words: readonly string[], value: unknown): Map<string, ListSize[]> {
  const lists = new Map<string, ListSize[]>();
  if (!Array.isArray(value)) return lists;
  for (const [i, word] of words.entries()) {
    const sizes: unknown = value[i];
    if (!Array.isArray(sizes)) continue;
    lists.set(
      word,
      sizes.flatMap((size: unknown) =>
        Array.isArray(size) && typeof size[0] === "string" && typeof size[1] === "number"
          ? [[size[0], size[1]] as ListSize]
          : [],
      ),
    );
  }
  return lists;
}

/**
 * The lists of the catalogue's words that the leading words start, from each leading word's:
 * their union, and their entries added up; null past MOST_LISTED_WORDS.
 */
export function wordPostingsFrom(
  leading: readonly string[],
  lists: ReadonlyMap<string, readonly ListSize[]>,
): WordPostings | null {
  const sizes = new Map(leading.flatMap((word) => lists.get(word) ?? []));
  if (sizes.size > MOST_WORDS_READ_TOGETHER) return null;
  return { words: [...sizes.keys()], entries: [...sizes.values()].reduce((sum, n) => sum + n, 0) };
}

/** How many entries of its postings (search_postings) a sorted search reads before it finds every match instead. */
export const POSTINGS_WINDOW = 512;

/**
 * How many shapes of each search statement a process keeps per database, the least recently
 * used going first. A shop's searches come in a few dozen shapes; the bound is for addresses
 * made up to make new ones.
 */
export const SEARCH_SHAPES_CACHED = 500;

/** The most catalogue words a search's leading words may start, for their lists to be read side by side. */
export const MOST_WORDS_READ_TOGETHER = 16;

/**
 * The words that lead a sorted search through search_postings (migration 0017): the first word
 * of each term of the first unit whose terms all start with a word of three or more letters.
 * Every product the search matches holds a word starting with one of them.
 */
export function leadingWords(plan: SearchPlan): string[] | null {
  for (const unit of plan.units) {
    const firsts = unitLeadingWords(unit);
    if (firsts) return firsts;
  }
  return null;
}

/**
 * The first word of each of the unit's terms, when all are words of three or more letters (the
 * words search_words and search_postings hold): every product the unit matches holds a word
 * starting with one of them. Null otherwise (a pack size, a number, a short word).
 */
export function unitLeadingWords(unit: SearchUnit): string[] | null {
  const firsts = unit.map((term) => term.split(" ")[0] ?? "");
  return firsts.every((w) => /^[a-z]{3,}$/.test(w)) ? [...new Set(firsts)] : null;
}

/** 'The word starts with one of these', on search_words' `word` (its prefix index). */
export const startsWithAny = (word: SQL, starts: readonly string[]) =>
  sql.join(
    starts.map((w) => sql`${word} like ${`${w}%`}`),
    sql` or `,
  );

/**
 * The price range and the discount, checked on a word's postings (search_postings holds each
 * product's best price and discount, migration 0018), so the entries a list gives are products
 * the filters keep. Values, or the placeholders min, max and disc of a statement built once.
 */
export function filtersOnPostings(values: ListingValues, bind: Bind = asValue): SQL {
  const { min, max, disc } = values;
  return sql.join(
    [
      min !== null ? sql` and best_price >= ${bind("min", min)}` : sql``,
      max !== null ? sql` and best_price <= ${bind("max", max)}` : sql``,
      disc !== null ? sql` and discount_percent >= ${bind("disc", disc)}` : sql``,
    ],
    sql``,
  );
}

/** The catalogue's words a search's leading words start, and how many entries their lists hold. */
export interface WordPostings {
  words: string[];
  /** Their lists' entries that `kept` keeps, each list counted up to one more than POSTINGS_WINDOW. */
  entries: number;
}

/**
 * The lists of the catalogue's words the leading words start, with the entries the conditions
 * `kept` keep (`listsOf`): one statement. Null when they start more than MOST_LISTED_WORDS words,
 * whose lists would be too many to read side by side. No words: no product holds the leading words.
 */
export async function readWordPostings(
  db: Db,
  storeId: string,
  leading: readonly string[],
  postingFilters: SQL,
): Promise<WordPostings | null> {
  // Both drivers answer execute() with { rows }.
  const found = (await db.execute(sql`select ${listsOf(storeId, leading, postingFilters)} as lists`)) as unknown as {
    rows: { lists: unknown }[];
  };
  return wordPostingsFrom(leading, listsRead(leading, found.rows[0]?.lists));
}

/** How many terms each unit of a query has: what exactMatch's patterns are, as counts. */
export const unitsShape = (p: SearchPlan) => p.units.map((unit) => unit.length).join(".");

/**
 * How many search statements' shapes each process prepares by name (namedIf). A named statement
 * stays prepared on every pooled connection for as long as the connection lives, and a search's
 * shape depends on its words, which anyone can vary: past this many, a shape is planned for each
 * run. A shop's searches come in a few dozen shapes.
 */
const NAMED_SEARCH_SHAPES = 64;

const namedSearchShapes = new Set<string>();

/**
 * `shape`, prepared by name when `byName` and the process names its shape (one of the first
 * NAMED_SEARCH_SHAPES it meets): for a statement whose plan does not depend on its values, so
 * that PostgreSQL parses it once per connection and keeps a generic plan after five runs (ADR
 * 0048). Else planned for each run's values, as a search's statements are (ADR 0029).
 */
export function namedIf<Shape extends { named: boolean }>(
  byName: boolean,
  shape: Shape,
  keyOf: (shape: Shape) => string,
): Shape {
  if (!byName) return { ...shape, named: false };
  const key = keyOf({ ...shape, named: true });
  if (!namedSearchShapes.has(key)) {
    if (namedSearchShapes.size >= NAMED_SEARCH_SHAPES) return { ...shape, named: false };
    namedSearchShapes.add(key);
  }
  return { ...shape, named: true };
}

/**
 * The name, or the search text, as an expression PostgreSQL keeps no statistics of. A condition
 * on a column is estimated by testing its pattern against every bucket of the column's histogram
 * (1,000 for names, migration 0015: about 0.27 ms a pattern, planned on every search); on this
 * expression it is guessed from the pattern alone, at once.
 *
 * Only for leaving out what an earlier tier or step found: such a tier or step is read only
 * when the one before it matched less than a page, so what it leaves out is a few rows of the
 * catalogue, which is what the guess says. The planner still weighs the tier's own patterns
 * on the column, and picks the same plan. Rows are left out exactly as on the column.
 */
export const hiddenFromStatistics = (column: AnyPgColumn) => sql`(${column} || '')`;

/**
 * 'The text holds every unit of the query', on `text`: the name or the search text (a column,
 * or `unestimated` of one). As ordered patterns where that means the same (see the function):
 * PostgreSQL estimates each from the column's statistics as a whole, where it multiplies the
 * units' frequencies. Two common words that no product holds together ('oil atta') were taken
 * for a pair in one product of sixty, and the search text walked newest first to the end of
 * the catalogue (212 ms at 100,000 products) instead of intersecting the words' trigrams (13 ms).
 */
export function holdsEvery(p: SearchPlan, text: SQL | AnyPgColumn, pattern: Pattern): SQL {
  const ordered = orderedNamePatterns(p);
  return (
    (ordered ? or(...ordered.map((each) => sql`${text} like ${pattern(each)}`)) : exactMatch(p, text, pattern)) ??
    sql`true`
  );
}

/** 'The name starts with the query', on `name` (the column, or `unestimated` of it). */
export const nameStarts = (p: SearchPlan, name: SQL | AnyPgColumn, pattern: Pattern) =>
  sql`${name} like ${pattern(` ${p.text}%`)}`;
