import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { limitAsWritten, preparedPerDatabase, statementName } from "../../db/prepared.server";
import { brands, categories, products, searchSynonyms } from "../../db/schema";
import { uuidArrayLiteral } from "../../db/uuid-array.server";
import { isUuid } from "../http/ids";
import {
  joinedWords,
  orderedNamePatterns,
  planSearch,
  type SearchPlan,
  type SearchUnit,
  type ShelfCandidate,
  type Shelves,
  sameUnits,
  shelfTerms,
  shelvesHolding,
  spellingSteps,
  withJoinedWords,
} from "../search/query";
import { type ListingFilters, NO_FILTERS, PAGE_SIZE, SECTION_PAGE_SIZE } from "./listing";
import { isActive, type ProductSummary, type SummaryRow, summaryColumns, toSummary } from "./products.server";
import { type FacetEntry, mostUnderFilters, type SearchFacets } from "./search-facets";

export interface ListingPage {
  products: ProductSummary[];
  hasMore: boolean;
  /** 'similar' when nothing matched the words exactly and close spellings are shown instead. */
  match: "exact" | "similar";
}

/**
 * A query word whose presence search_words can vouch for: a unit of its own (not a synonym), of
 * three or more ASCII letters (migration 0011 keeps the leading letters of every word).
 */
function checkable(unit: SearchUnit): string | null {
  const word = unit.length === 1 ? unit[0] : undefined;
  return word !== undefined && /^[a-z]{3,}$/.test(word) ? word : null;
}

/**
 * For each word, up to three words of the catalogue spelt like it, closest first, separated by
 * spaces (migration 0014): one SQL array, read back by `closeSpellings`.
 */
const closeWordsArray = (storeId: string, words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`mandi_close_words(${storeId}, ${w})`),
    sql`, `,
  )}]`;

/** The answer to `closeWordsArray(storeId, words)` as each word's close spellings. */
function closeSpellings(words: readonly string[], close: readonly (string | null)[] | null | undefined) {
  return new Map(words.map((word, i) => [word, (close?.[i] ?? "").split(" ").filter(Boolean)]));
}

/** A search query, with what the catalogue's words say of it. */
export interface SearchStart {
  plan: SearchPlan;
  /**
   * When a word of the query starts no word of the catalogue, nothing matches it as typed: the
   * query with close spellings in its place, and without the words that have none; null when
   * no word is left. Undefined when every word that can be checked is there.
   */
  respelt?: SearchPlan | null;
  /**
   * The query without any of those words, for when `respelt` finds nothing; undefined when that
   * would be `respelt` itself, or nothing.
   */
  without?: SearchPlan;
  /**
   * False when no product of the store (active) has a name that starts with the query: its
   * first tier could only find nothing, and is not read. Undefined when not known.
   */
  nameStarts?: boolean;
  /**
   * The query as typed, without its synonyms (planSearch's `asTyped`), when synonyms widen it
   * and every word of it that can be checked is in the catalogue: names holding the words the
   * shopper wrote rank above names holding a synonym ('atta' lists Whole Wheat Atta before
   * Maida (Refined Wheat Flour), found through 'wheat flour'). Undefined otherwise.
   */
  asTyped?: SearchPlan;
  /**
   * The store's categories whose names hold a term of the query, of its built-in synonyms or of
   * a shop's synonym group holding it whole: the shelves a plan's best matches are ranked by
   * (`shelvesHolding`). Undefined when a word of the query is missing: close spellings rank by
   * closeness alone.
   */
  shelves?: readonly ShelfCandidate[];
  /**
   * The words' lists of the plan's leading words (and of each spelling step's, for a respelt
   * plan), by `listedKey`, counted with no filter: what a best-match tier read from the lists
   * needs (tierFromLists), known from the start instead of looked up by every search. Null for
   * leading words that start too many words.
   */
  listed?: ReadonlyMap<string, ListedWords | null>;
}

/**
 * The shop's synonyms (the built-in ones live in modules/search/query.ts) and the query's words
 * checked against search_words, in one statement, so a search costs no more round trips than it
 * did when it read the synonyms alone. A misspelt word ('panner', 'basmti') is known at once,
 * and its close spellings come with the answer: the ranked queries that could only find nothing
 * are never run (ADR 0012).
 *
 * Synonyms decide which words are units of their own, and so which can be checked; the words
 * are checked before that is known, each alone, and only the verdicts of words that stay units
 * of their own are used. Close spellings are looked up only when some word is missing, and for
 * every word long enough to be matched loosely, as the fallback after an empty search does.
 * `typed` is the query planned with the built-in synonyms alone.
 */
async function startSearch(db: Db, storeId: string, q: string, typed: SearchPlan): Promise<SearchStart> {
  // The words as typed, then neighbouring words written together ('dishwash' for 'dish wash').
  const joined = joinedWords(typed);
  // Every word as typed, too: a word with synonyms is no unit of its own, but whether the
  // catalogue has it decides whether names holding it as typed are looked for first.
  const typedWords = typed.text.split(" ").filter((word) => checkable([word]) !== null);
  const candidates = [
    ...new Set([...typed.units.map(checkable).filter((w): w is string => w !== null), ...typedWords, ...joined]),
  ];
  const known = (word: string) =>
    sql`exists (select 1 from search_words where store_id = ${storeId} and word like ${`${word}%`})`;
  const verdicts =
    candidates.length > 0 ? sql`array[${sql.join(candidates.map(known), sql`, `)}]` : sql`'{}'::boolean[]`;
  const spellings = typed.fuzzyWords.length > 0 ? closeWordsArray(storeId, typed.fuzzyWords) : sql`null::text[]`;
  const synonyms = synonymTerms(typed);
  // The query's text is the same with the shop's synonyms (they change its units alone).
  const starts = sql`exists (select 1 from ${products} where ${and(
    eq(products.storeId, storeId),
    eq(products.active, true),
    nameStarts(typed, products.searchName, asPattern),
  )})`;
  // The categories whose names hold a term of the query or of its built-in synonyms (its
  // shelves, `shelvesHolding`).
  // Only a query of one unit has shelves (shelvesHolding): no category is read for the others,
  // unless a shop's group makes one of them one unit (below).
  const terms = typed.units.length === 1 ? shelfTerms(typed) : [];
  const shelfCategories = terms.length > 0 ? categoriesHolding(storeId, terms) : sql`'[]'::json`;
  // The lists of the query's leading words, for its best-match tiers (`SearchStart.listed`).
  const firsts = leadingWords(typed) ?? [];
  // search_words has no Drizzle table; both drivers answer execute() with { rows }. `offset 0`
  // keeps the checks in a subquery of their own: planned and run once, not once per use.
  const result = (await db.execute(sql`select
      (select coalesce(json_agg(terms), '[]'::json) from ${searchSynonyms} where ${searchSynonyms.storeId} = ${storeId}) as synonyms,
      k.known, case when false = any(k.known) then ${spellings} end as close, ${starts} as starts,
      ${shelfCategories} as shelves, ${termsHeld(storeId, synonyms)} as held, ${listsOf(storeId, firsts)} as lists
    from (select ${verdicts} as known offset 0) k`)) as unknown as {
    rows: {
      synonyms: unknown;
      known: boolean[];
      close: string[] | null;
      starts: boolean;
      shelves: unknown;
      held: boolean[];
      lists: unknown;
    }[];
  };
  const row = result.rows[0];
  const nameStartsAny = row?.starts !== false;
  const shopGroups = synonymGroups(row?.synonyms);
  const found = new Map(candidates.map((word, i) => [word, row?.known[i] === true]));
  const knownJoined = new Set(joined.filter((word) => found.get(word) === true));
  const plan = withJoinedWords(shopGroups.length > 0 ? planSearch(q, shopGroups) : typed, knownJoined);
  const missing = plan.units.map(checkable).filter((w): w is string => w !== null && found.get(w) === false);
  if (missing.length === 0) {
    // A shop's synonym group widens a query of one unit with terms of its own ('dhaan' with
    // 'rice'): the categories they name are shelves too. Read only then, in a statement of its own.
    const shopTerms = plan.units.length === 1 ? shelfTerms(plan).filter((term) => !terms.includes(term)) : [];
    const shopShelves =
      shopTerms.length > 0
        ? ((await db.execute(
            sql`select ${categoriesHolding(storeId, shopTerms, shelfTerms(plan))} as shelves`,
          )) as unknown as {
            rows: { shelves: unknown }[];
          })
        : null;
    const shelves = [...shelfCandidates(row?.shelves), ...shelfCandidates(shopShelves?.rows[0]?.shelves)];
    // The words checked already, as typed or joined, are held as they were found; the synonyms
    // a shop's group adds are checked now, in a statement of their own.
    const held = new Map(found);
    for (const [i, term] of synonyms.entries()) held.set(term, row?.held[i] !== false);
    const unchecked = synonymTerms(plan).filter((term) => !held.has(term));
    if (unchecked.length > 0) {
      const more = (await db.execute(sql`select ${termsHeld(storeId, unchecked)} as held`)) as unknown as {
        rows: { held: boolean[] }[];
      };
      for (const [i, term] of unchecked.entries()) held.set(term, more.rows[0]?.held[i] !== false);
    }
    const searched = withoutUnheld(plan, held);
    return {
      plan: searched,
      nameStarts: nameStartsAny,
      asTyped: typedFirst(q, shopGroups, searched, found, knownJoined),
      shelves: shelves.filter((shelf, i) => shelves.findIndex((other) => other.id === shelf.id) === i),
      listed: listedOfPlans([searched], listsRead(firsts, row?.lists)),
    };
  }
  const close = closeSpellings(typed.fuzzyWords, row?.close);
  // A missing word with no close spelling, or too short to have one, is left out, and what the
  // other words find is shown as similar products ('ketchup sachets' lists ketchup). A query of
  // such words alone finds nothing.
  const kept = leaveOut(plan, new Set(missing.filter((word) => (close.get(word) ?? []).length === 0)));
  if (kept.units.length === 0) return { plan, respelt: null, nameStarts: false };
  const respelt = respell(kept, close) ?? kept;
  // Should the close spellings find nothing with the other words ('brown sugar', where 'brown'
  // is spelt like 'bread'), the other words alone.
  const others = leaveOut(plan, new Set(missing));
  const without = others.units.length > 0 && others.units.length < kept.units.length ? others : undefined;
  // Each spelling step's lists: the close spellings' are read now, in a statement of their own.
  const steps = [...spellingSteps(plan, respelt), ...(without ? spellingSteps(plan, without) : [])];
  const lists = listsRead(firsts, row?.lists);
  const unread = [...new Set(steps.flatMap((step) => leadingWords(step) ?? []).filter((word) => !lists.has(word)))];
  if (unread.length > 0) {
    const more = (await db.execute(sql`select ${listsOf(storeId, unread)} as lists`)) as unknown as {
      rows: { lists: unknown }[];
    };
    for (const [word, words] of listsRead(unread, more.rows[0]?.lists)) lists.set(word, words);
  }
  return { plan, respelt, without, nameStarts: false, listed: listedOfPlans(steps, lists) };
}

/** The key of a plan's leading words in `SearchStart.listed`. */
const listedKey = (leading: readonly string[]) => [...leading].sort().join(" ");

/**
 * For each word, the catalogue's words it starts (search_words' prefix index, up to one more than
 * MOST_LISTED_WORDS) with the entries of each one's list that the conditions `kept` keep, counted
 * on the list's index up to one more than POSTINGS_WINDOW: one JSON array of
 * `[[word, entries], ...]` per word, in order, read back by `listsRead`.
 */
function listsOf(storeId: string, words: readonly string[], kept: SQL = sql``): SQL {
  if (words.length === 0) return sql`'[]'::json`;
  // search_words and search_postings have no Drizzle tables.
  const one = (word: string) => sql`(select coalesce(json_agg(json_build_array(sw.word,
      (select count(*)::int from (select 1 from search_postings
        where store_id = ${storeId} and word = sw.word${kept} limit ${POSTINGS_WINDOW + 1}) c))), '[]'::json)
    from (select word from search_words where store_id = ${storeId} and word like ${`${word}%`}
      limit ${MOST_LISTED_WORDS + 1}) sw)`;
  return sql`json_build_array(${sql.join(words.map(one), sql`, `)})`;
}

/** A catalogue word and its list's entries, as `listsOf` reads them. */
type ListSize = [word: string, entries: number];

/** The answer to `listsOf(storeId, words)`, as each word's catalogue words and their lists' sizes. */
function listsRead(words: readonly string[], value: unknown): Map<string, ListSize[]> {
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
 * Each plan's lists (`SearchStart.listed`), by its leading words, from each word's catalogue
 * words: their union, and their entries added up; null past MOST_LISTED_WORDS. A plan whose
 * leading words were not all read is left out, and looked up when a search needs it.
 */
function listedOfPlans(
  plans: readonly SearchPlan[],
  lists: ReadonlyMap<string, readonly ListSize[]>,
): Map<string, ListedWords | null> {
  const listed = new Map<string, ListedWords | null>();
  for (const plan of plans) {
    const leading = leadingWords(plan);
    if (leading?.every((word) => lists.has(word))) listed.set(listedKey(leading), listedFrom(leading, lists));
  }
  return listed;
}

/**
 * The lists of the catalogue's words that the leading words start, from each leading word's:
 * their union, and their entries added up; null past MOST_LISTED_WORDS.
 */
function listedFrom(leading: readonly string[], lists: ReadonlyMap<string, readonly ListSize[]>): ListedWords | null {
  const sizes = new Map(leading.flatMap((word) => lists.get(word) ?? []));
  if (sizes.size > MOST_LISTED_WORDS) return null;
  return { words: [...sizes.keys()], entries: [...sizes.values()].reduce((sum, n) => sum + n, 0) };
}

/** The terms of a plan's synonym groups: those of its units that have more than one. */
const synonymTerms = (plan: SearchPlan) => [...new Set(plan.units.filter((unit) => unit.length > 1).flat())];

/**
 * Whether an active product of the store holds each term (at the start of a word of its search
 * text, as `exactMatch` asks), as one SQL array. A word of three or more letters is looked up
 * in search_words, which holds every such word of the catalogue and the leading letters of the
 * others (migration 0011): one entry of an index. It keeps the words of switched-off products
 * too, so such a word counts as held, which changes no answer either. Any other term (a phrase,
 * a short word) is looked for in the active products' search text, by its trigrams.
 */
function termsHeld(storeId: string, terms: readonly string[]): SQL {
  if (terms.length === 0) return sql`'{}'::boolean[]`;
  const held = (term: string) =>
    /^[a-z]{3,}$/.test(term)
      ? sql`exists (select 1 from search_words where store_id = ${storeId} and word like ${`${term}%`})`
      : sql`exists (select 1 from ${products} where ${and(
          eq(products.storeId, storeId),
          isActive(products),
          sql`${products.searchText} like ${`% ${term}%`}`,
        )})`;
  return sql`array[${sql.join(terms.map(held), sql`, `)}]`;
}

/**
 * The plan without the synonyms no product holds (ADR 0046). A group names a thing every way a
 * kitchen says it ('maida', 'refined flour', 'all purpose flour') and a catalogue writes one or
 * two of them; a term no product holds matches nothing, and leaving it out changes no answer.
 * Each term left in cost every statement of the search a pattern to plan and to match, and led
 * a sorted search's words' lists through a word that is there for another product ('refined',
 * of refined oil). A unit none of whose terms is held is kept whole: it matches nothing either way.
 */
function withoutUnheld(plan: SearchPlan, held: ReadonlyMap<string, boolean>): SearchPlan {
  let changed = false;
  // A word that had synonyms is not respelt (`respell`), alone in its unit or not.
  const notRespelt = new Set<string>();
  const units = plan.units.map((unit) => {
    if (unit.length < 2) return unit;
    const kept = unit.filter((term) => held.get(term) !== false);
    if (kept.length === 0 || kept.length === unit.length) return unit;
    changed = true;
    if (kept.length === 1) notRespelt.add(kept[0] as string);
    return kept;
  });
  if (!changed) return plan;
  return { ...plan, units, fuzzyWords: plan.fuzzyWords.filter((word) => !notRespelt.has(word)) };
}

/**
 * The query as typed (`SearchStart.asTyped`), when it differs from the plan and every word of
 * it that is a unit of its own is in the catalogue (`found`). The words the plan joins are
 * joined in it too: 'dish wash' holds 'dishwash' either way.
 */
function typedFirst(
  q: string,
  shopGroups: readonly string[][],
  plan: SearchPlan,
  found: ReadonlyMap<string, boolean>,
  knownJoined: ReadonlySet<string>,
): SearchPlan | undefined {
  const asTyped = withJoinedWords(planSearch(q, shopGroups, { asTyped: true }), knownJoined);
  if (sameUnits(asTyped, plan)) return undefined;
  const everyWord = asTyped.units.every((unit) => {
    const word = checkable(unit);
    return word === null || found.get(word) === true;
  });
  return everyWord ? asTyped : undefined;
}

/** The plan without the units of these checked words (`checkable`). */
function leaveOut(plan: SearchPlan, words: ReadonlySet<string>): SearchPlan {
  if (words.size === 0) return plan;
  return {
    ...plan,
    units: plan.units.filter((unit) => !words.has(checkable(unit) ?? "")),
    fuzzyWords: plan.fuzzyWords.filter((word) => !words.has(word)),
  };
}

/**
 * How a search begins: its plan with the shop's synonyms, and its misspelt words' close
 * spellings. It depends only on the query and the store's synonyms and words, so a process may
 * remember it until the catalogue changes (server/app.ts); the start of a misspelt search is
 * its dearest statement (a trigram lookup, about 2 ms against 0.05 ms for words that are there).
 * Callers must not change what it answers: a remembered start is shared.
 */
export type SearchStarts = (storeId: string, q: string) => Promise<SearchStart>;

/** Each search's start read from the database, every time. */
export function searchStartsFrom(db: Db): SearchStarts {
  return async (storeId, q) => deepFreeze(await startSearch(db, storeId, q, planSearch(q)));
}

/** The value, frozen all the way down: a shared answer that nothing can change by mistake. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The store's categories whose names hold one of `terms` at a word's start, and which hold an
 * active product whose name holds one of `named` so, as JSON (`shelfCandidates`). A category
 * named for the word whose products are not ('Frozen Breads & Desserts' holds no bread) is
 * no shelf: the tier on the shelves read it to its end on every search (1-2 ms at 100,000
 * products). Looking costs that once, in the start, which the process remembers.
 */
const categoriesHolding = (storeId: string, terms: readonly string[], named: readonly string[] = terms) => {
  const patterns = (list: readonly string[]) =>
    sql`array[${sql.join(
      list.map((term) => sql`${`% ${term}%`}`),
      sql`, `,
    )}]`;
  // Each shelf walked through its own index until a name holds a term: inside `coalesce`, the
  // names are a condition PostgreSQL expects to meet at once. On the column, it built the whole
  // bitmaps of the word's names and of the category to find one (20 ms for 'oil').
  const holds = (column: string) =>
    sql`exists (select 1 from ${products} p where p.store_id = ${storeId} and p.active and p.${sql.raw(column)} = c.id
      and coalesce(p.search_name like any (${patterns(named)}), false))`;
  return sql`(select coalesce(json_agg(json_build_object('id', c.id, 'parent', c.parent_id, 'name', c.search_name)), '[]'::json)
    from ${categories} c where c.store_id = ${storeId} and c.search_name like any (${patterns(terms)})
      and (${holds("sub_category_id")} or ${holds("category_id")}))`;
};

/** The start's shelves (JSON) as candidates; anything else in it is dropped. */
function shelfCandidates(value: unknown): ShelfCandidate[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { id, parent, name } = entry as Record<string, unknown>;
    return typeof id === "string" && typeof name === "string" && (parent === null || typeof parent === "string")
      ? [{ id, parent, name }]
      : [];
  });
}

/** The shop's synonym groups as stored (a JSON array of arrays of terms), ignoring anything else. */
function synonymGroups(value: unknown): string[][] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (group): group is string[] => Array.isArray(group) && group.every((term) => typeof term === "string"),
  );
}

/** The plan with each loosely matched word's close spellings beside it, or null when none has any. */
function respell(plan: SearchPlan, close: ReadonlyMap<string, readonly string[]>): SearchPlan | null {
  let changed = false;
  const units = plan.units.map((unit): SearchUnit => {
    const word = unit[0] as string;
    if (unit.length > 1 || !plan.fuzzyWords.includes(word)) return unit;
    const others = (close.get(word) ?? []).filter((w) => w !== word);
    if (others.length > 0) changed = true;
    return [word, ...others];
  });
  return changed ? { ...plan, units } : null;
}

/**
 * Where a search's matches lie, when the process already knows (server/search-facets.ts): a
 * lookup that answers at once, with the facets or with undefined. Each search plan's facets are
 * looked up once, while requests go on without them, and remembered until the catalogue changes.
 */
export type KnownFacets = (storeId: string, plan: SearchPlan) => SearchFacets | undefined;

/**
 * How many active products of the store match a search plan, per top category, sub-category and
 * brand (modules/catalog/search-facets.ts): one statement, over the plan's matches only.
 */
export async function searchFacets(db: Db, storeId: string, plan: SearchPlan): Promise<SearchFacets> {
  // Both drivers answer execute() with { rows }.
  const result = (await db.execute(sql`with m as materialized (
      select ${products.categoryId} as category_id, ${products.subCategoryId} as sub_category_id, ${products.brandId} as brand_id
      from ${products} where ${and(eq(products.storeId, storeId), eq(products.active, true), exactMatch(plan))}
    ), held as (
      select 'c' as kind, category_id as id, count(*)::int as n from m where category_id is not null group by category_id
      union all
      select 's', sub_category_id, count(*)::int from m where sub_category_id is not null group by sub_category_id
    )
    select h.kind, c.id::text as id, c.slug, lower(c.name) as name, h.n from held h
      join ${categories} c on c.id = h.id and c.store_id = ${storeId} and (c.parent_id is null) = (h.kind = 'c')
    union all
    select 'b', b.id::text, b.slug, lower(b.name), h.n
      from (select brand_id as id, count(*)::int as n from m where brand_id is not null group by brand_id) h
      join ${brands} b on b.id = h.id and b.store_id = ${storeId}`)) as unknown as {
    rows: { kind: "c" | "s" | "b"; id: string; slug: string; name: string; n: number }[];
  };
  const of = (kind: "c" | "s" | "b"): FacetEntry[] =>
    result.rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: row.id, slug: row.slug, name: row.name, count: Number(row.n) }));
  return { categories: of("c"), subs: of("s"), brands: of("b") };
}

/** A category, sub-category or brand given in a link by slug or by name. */
const bySlugOrName = (slugColumn: AnyPgColumn, nameColumn: AnyPgColumn, value: string | Placeholder) =>
  or(sql`${slugColumn} = ${value}`, sql`lower(${nameColumn}) = lower(${value})`);

function categoryId(storeId: string | Placeholder, value: string | Placeholder, level: "top" | "sub"): SQL {
  return sql`(select ${categories.id} from ${categories} where ${and(
    eq(categories.storeId, storeId),
    level === "top" ? isNull(categories.parentId) : isNotNull(categories.parentId),
    bySlugOrName(categories.slug, categories.name, value),
  )} limit 1)`;
}

function brandId(storeId: string | Placeholder, value: string | Placeholder): SQL {
  return sql`(select ${brands.id} from ${brands} where ${and(
    eq(brands.storeId, storeId),
    bySlugOrName(brands.slug, brands.name, value),
  )} limit 1)`;
}

/**
 * How a search's LIKE patterns go into a statement: as they are, or (`patternSlots`) as
 * placeholders of a statement built once per shape, with their values kept by the same names.
 */
type Pattern = (pattern: string) => string | Placeholder;
const asPattern: Pattern = (pattern) => pattern;

/**
 * Patterns named p0, p1, ... in the order they are asked for: as placeholders while a
 * statement is built (`values` absent), or as values kept in `values` under the same names. The
 * same code asks for the same patterns in the same order, so the names agree.
 */
function patternSlots(values?: Record<string, string>): Pattern {
  let count = 0;
  return (pattern) => {
    const name = `p${count++}`;
    if (!values) return sql.placeholder(name);
    values[name] = pattern;
    return pattern;
  };
}

/** Every unit of the query matches the start of a word of the product's search text. */
function exactMatch(
  plan: SearchPlan,
  text: SQL | AnyPgColumn = products.searchText,
  pattern: Pattern = asPattern,
): SQL | undefined {
  return and(...plan.units.map((unit) => or(...unit.map((term) => sql`${text} like ${pattern(`% ${term}%`)}`))));
}

/**
 * Close spellings from the words the catalogue uses, for the words of the query long enough to be
 * matched loosely ('panner' gives paneer, 'basmti' basmati): trigram similarity over
 * search_words, a table of a few thousand words, rather than over every product. One statement
 * for all the words.
 */
async function correctSpelling(db: Db, storeId: string, plan: SearchPlan): Promise<SearchPlan | null> {
  const words = plan.units.flatMap((unit) =>
    unit.length === 1 && plan.fuzzyWords.includes(unit[0] as string) ? [unit[0] as string] : [],
  );
  if (words.length === 0) return null;
  const result = (await db.execute(sql`select ${closeWordsArray(storeId, words)} as close`)) as unknown as {
    rows: { close: (string | null)[] }[];
  };
  return respell(plan, closeSpellings(words, result.rows[0]?.close));
}

/** A listing's filters as its statement holds them, by placeholder name: prices in paise. */
interface ListingValues {
  storeId: string;
  category: string | null;
  sub: string | null;
  brandId: string | null;
  brand: string | null;
  disc: number | null;
  min: number | null;
  max: number | null;
}

function listingValues(storeId: string, f: ListingFilters): ListingValues {
  return {
    storeId,
    category: f.category,
    sub: f.sub,
    brandId: f.brandId,
    brand: f.brand,
    disc: f.disc,
    min: f.min === null ? null : f.min * 100,
    max: f.max === null ? null : f.max * 100,
  };
}

/** A value in a statement: the value itself, or the placeholder of a statement prepared once. */
type Bind = <K extends keyof ListingValues>(
  name: K,
  value: NonNullable<ListingValues[K]>,
) => NonNullable<ListingValues[K]> | Placeholder;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** A listing's filters for a statement built once per shape: each value a placeholder by its name. */
const filtersAsPlaceholders = (f: ListingFilters) => filterConditions(listingValues("", f), asPlaceholder);

/** priceWalkBound on products, for a statement built once per shape. */
const priceWalkOnPlaceholders = (f: ListingFilters) =>
  priceWalkBound(listingValues("", f), f.sort, products.unitPrice, asPlaceholder);

function filterConditions(v: ListingValues, bind: Bind = asValue): SQL[] {
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
 * products_store_price and its kin, or of a word's list) starts and ends where the range does
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
function priceWalkBound(
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
const WRITTEN_LIMITS: ReadonlySet<number> = new Set([PAGE_SIZE + 1, SECTION_PAGE_SIZE + 1]);

/** A listing's filters and sort, and the size of its first page when its statement writes it. */
interface FilteredShape {
  f: ListingFilters;
  firstPage: number | null;
}

/** What a listing's statement's text depends on: its shape, and a first page's written size. */
const filteredShapeKey = ({ f, firstPage }: FilteredShape) =>
  firstPage === null ? listingShape(f) : `${listingShape(f)}_first${firstPage}`;

/**
 * A listing without a search, built once per database and shape (which filters it has, and its
 * sort): most pages of a shop are these, and Drizzle built each one afresh. A shape that
 * filters by category, sub-category or brand only is prepared by name on PostgreSQL: those come
 * as subqueries or keys, whose plan is the same for every value, and a first page of a usual
 * size keeps one generic plan (ADR 0045). One with a discount or a price range is planned for
 * each run's values (an empty name): how wide the range is decides which index is best.
 */
const filteredPage = preparedPerDatabase((db, { f, firstPage }: FilteredShape) => {
  const ranged = f.disc !== null || f.min !== null || f.max !== null;
  const query = db
    .select(summaryColumns)
    .from(products)
    .where(and(...filtersAsPlaceholders(f), priceWalkOnPlaceholders(f)))
    .orderBy(...ordering(f));
  const paged =
    firstPage === null
      ? query.offset(sql.placeholder("offset")).limit(sql.placeholder("limit"))
      : query.limit(limitAsWritten(firstPage));
  return paged.prepare(ranged ? "" : `mandi_listing_${filteredShapeKey({ f, firstPage })}`);
}, filteredShapeKey);

/** A listing without a search: the page of `range`, and one row more when there are more. */
function pageOfListing(db: Db, f: ListingFilters, values: ListingValues, range: { offset: number; limit: number }) {
  const limit = range.limit + 1;
  const firstPage = range.offset === 0 && WRITTEN_LIMITS.has(limit) ? limit : null;
  const statement = filteredPage(db, { f, firstPage });
  return statement.execute(firstPage === null ? { ...values, offset: range.offset, limit } : { ...values });
}

/** Which filters a listing has, and its sort: what its statement's text depends on. */
export function listingShape(f: ListingFilters): string {
  const has = (value: unknown, letter: string) => (value === null || value === "" ? "" : letter);
  return `${f.sort}_${has(f.category, "c")}${has(f.sub, "s")}${f.brandId ? "i" : has(f.brand, "b")}${has(f.disc, "d")}${has(f.min, "l")}${has(f.max, "h")}`;
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
/** How many entries of its words' lists (search_postings) a sorted search reads before it finds every match instead. */
const POSTINGS_WINDOW = 512;

/**
 * How many shapes of each search statement a process keeps per database, the least recently
 * used going first. A shop's searches come in a few dozen shapes; the bound is for addresses
 * made up to make new ones.
 */
const SEARCH_SHAPES_KEPT = 500;
/** The most catalogue words a search's leading words may start, for their lists to be read side by side. */
const MOST_LISTED_WORDS = 16;

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
function unitLeadingWords(unit: SearchUnit): string[] | null {
  const firsts = unit.map((term) => term.split(" ")[0] ?? "");
  return firsts.every((w) => /^[a-z]{3,}$/.test(w)) ? [...new Set(firsts)] : null;
}

/** 'The word starts with one of these', on search_words' `word` (its prefix index). */
const startsWithAny = (word: SQL, starts: readonly string[]) =>
  sql.join(
    starts.map((w) => sql`${word} like ${`${w}%`}`),
    sql` or `,
  );

/**
 * The price range and the discount, checked on a word's list (search_postings holds each
 * product's best price and discount, migration 0018), so the entries a list gives are products
 * the filters keep. Values, or the placeholders min, max and disc of a statement built once.
 */
function keptOnLists(values: ListingValues, bind: Bind = asValue): SQL {
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
interface ListedWords {
  words: string[];
  /** Their lists' entries that `kept` keeps, each list counted up to one more than POSTINGS_WINDOW. */
  entries: number;
}

/**
 * The lists of the catalogue's words the leading words start, with the entries the conditions
 * `kept` keep (`listsOf`): one statement. Null when they start more than MOST_LISTED_WORDS words,
 * whose lists would be too many to read side by side. No words: no product holds the leading words.
 */
async function listedWords(
  db: Db,
  storeId: string,
  leading: readonly string[],
  kept: SQL,
): Promise<ListedWords | null> {
  // Both drivers answer execute() with { rows }.
  const found = (await db.execute(sql`select ${listsOf(storeId, leading, kept)} as lists`)) as unknown as {
    rows: { lists: unknown }[];
  };
  return listedFrom(leading, listsRead(leading, found.rows[0]?.lists));
}

/**
 * A sorted search read from its words' lists in the listing's order (search_postings, kept with
 * the products' prices and dates by a trigger): the catalogue's words the leading words start
 * (from search_words), each word's list read in order and merged by PostgreSQL, each product
 * checked against the filters and the whole query until the page is full. Null when the query
 * has no leading words, they start too many words, or the first POSTINGS_WINDOW entries do not
 * fill the page (filters that leave few of the words' products) and are not all there is. When
 * the lists hold no more than POSTINGS_WINDOW entries within the price range and discount, every
 * match is among them: what they give is the whole answer, short of a page or empty.
 */
async function searchPostings(
  db: Db,
  values: ListingValues,
  f: ListingFilters,
  plan: SearchPlan,
  /** The query's patterns, by their placeholders' names (patternSlots). */
  patterns: Record<string, string>,
  need: number,
): Promise<SummaryRow[] | null> {
  // A category or a brand leaves few of a common word's products: its list would be read far
  // for a page, and the listing's own indexes find them sooner.
  if (placed(f)) return null;
  const leading = leadingWords(plan);
  if (!leading) return null;
  const { storeId } = values;
  // The price range bounds the price a list is sorted by (priceWalkBound): its walk starts where
  // the range does. The price range and the discount are checked on the list's own index
  // (migration 0018), so its first entries are products the filters keep.
  const bound = priceWalkBound(values, f.sort, sql.raw("unit_price"));
  const found = await listedWords(
    db,
    storeId,
    leading,
    sql`${bound ? sql` and ${bound}` : sql``}${keptOnLists(values)}`,
  );
  if (!found || found.words.length === 0) return null;
  const { words, entries } = found;
  // No product holding the words is in the range: nothing matches.
  if (entries === 0) return [];
  const listed = Object.fromEntries(words.map((word, i) => [`listed${i}`, word]));
  const shape = namedIf(!ranged(values), { f, plan, words: words.length, named: false }, sortedListsKey);
  const rows = await sortedListsPage(db, shape).execute({ ...values, ...patterns, ...listed, need });
  return rows.length >= need || entries <= POSTINGS_WINDOW ? rows : null;
}

/** A sorted search read from its words' lists: its filters, sort and words, and how many words. */
interface SortedListsShape extends SortedSearchShape {
  words: number;
  /** Prepared by name (namedIf). */
  named: boolean;
}

const sortedListsKey = (shape: SortedListsShape) =>
  `${sortedSearchShape(shape)}/lists${shape.words}${shape.named ? "/named" : ""}`;

/**
 * searchPostings' statement, built once per database and shape: the words' lists (the
 * placeholders listed0, listed1...) each read in the listing's order up to POSTINGS_WINDOW
 * entries, merged, and each entry's product checked until `need` are found. Its plan is the same
 * for any words, so without a price range or a discount it is prepared by name (ADR 0048).
 */
const sortedListsPage = preparedPerDatabase(
  (db, shape: SortedListsShape) => {
    const { f, plan, words, named } = shape;
    const key = f.sort === "newest" ? sql.raw("created_at") : sql.raw("unit_price");
    const dir = f.sort === "priceAsc" ? sql.raw("asc") : sql.raw("desc");
    const v = listingValues("", f);
    const bound = priceWalkBound(v, f.sort, sql.raw("unit_price"), asPlaceholder);
    const kept = sql`${bound ? sql` and ${bound}` : sql``}${keptOnLists(v, asPlaceholder)}`;
    const store = sql.placeholder("storeId");
    const lists = Array.from(
      { length: words },
      (_, i) => sql`(select product_id, ${key} as k from search_postings
        where store_id = ${store} and word = ${sql.placeholder(`listed${i}`)}${kept}
        order by ${key} ${dir}, product_id ${dir} limit ${sql.raw(String(POSTINGS_WINDOW))})`,
    );
    // A product holding two of the words is in two lists: once is enough.
    const listed = sql`(select distinct on (k, product_id) product_id, k from (${sql.join(lists, sql` union all `)}) u
      order by k ${dir}, product_id ${dir} limit ${sql.raw(String(POSTINGS_WINDOW))}) w`;
    const match = exactMatch(plan, products.searchText, patternSlots());
    return db
      .select(summaryColumns)
      .from(products)
      .where(
        sql`${products.id} in (select ${products.id} from ${listed} join ${products} on ${products.id} = w.product_id
          where ${and(...filtersAsPlaceholders(f), match)} order by w.k ${dir}, w.product_id ${dir} limit ${sql.placeholder("need")})`,
      )
      .orderBy(...ordering(f))
      .limit(sql.placeholder("need"))
      .prepare(named ? statementName("mandi_sorted_lists", sortedListsKey(shape)) : "");
  },
  sortedListsKey,
  SEARCH_SHAPES_KEPT,
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
async function searchInOrder(
  db: Db,
  values: ListingValues,
  f: ListingFilters,
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
    const first = range.offset === 0 && WRITTEN_LIMITS.has(need) && !ranged(values);
    const shape = namedIf(first, { f, plan, need, named: false }, windowShapeKey);
    const inWindow = await windowPage(db, shape).execute({
      ...values,
      ...patterns,
      window: windowFor(need),
      need,
    });
    if (inWindow.length >= need) return inWindow.slice(range.offset);
    const listed = await searchPostings(db, values, f, plan, patterns, need);
    if (listed) return listed.slice(range.offset);
  }
  return matchesThenOrder(db, { f, plan }).execute({
    ...values,
    ...patterns,
    offset: range.offset,
    limit: range.limit + 1,
  });
}

/** A sorted search's filters, sort and words, for its statements built once per shape. */
interface SortedSearchShape {
  f: ListingFilters;
  plan: SearchPlan;
}

/**
 * What a sorted search's statements' text depends on: which filters, the sort, and how many
 * terms each unit of the query has (exactMatch's patterns, named by `patternSlots`).
 */
const sortedSearchShape = ({ f, plan }: SortedSearchShape) => `${listingShape(f)}/${unitsShape(plan)}`;

/** How many terms each unit of a query has: what exactMatch's patterns are, as counts. */
const unitsShape = (p: SearchPlan) => p.units.map((unit) => unit.length).join(".");

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
    const { f, plan, named, need } = shape;
    const where = filtersAsPlaceholders(f);
    const window = named ? limitAsWritten(windowFor(need)) : sql.placeholder("window");
    const limit = named ? limitAsWritten(need) : sql.placeholder("need");
    const windowed = sql`${products.id} in (select w.id from (
      select ${products.id} as id, ${products.unitPrice} as unit_price, ${products.createdAt} as created_at,
        ${products.searchText} as search_text
      from ${products} where ${and(...where, priceWalkOnPlaceholders(f))} order by ${sql.join(ordering(f), sql`, `)}
      limit ${window}
    ) w where ${exactMatch(plan, sql`w.search_text`, patternSlots()) ?? sql`true`} order by ${windowOrdering(f)} limit ${limit})`;
    return db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, windowed))
      .orderBy(...ordering(f))
      .limit(limit)
      .prepare(named ? statementName("mandi_window", windowShapeKey(shape)) : "");
  },
  windowShapeKey,
  SEARCH_SHAPES_KEPT,
);

/** searchInOrder's last resort: every match found by its words' trigrams, then sorted. */
const matchesThenOrder = preparedPerDatabase(
  (db, { f, plan }: SortedSearchShape) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...filtersAsPlaceholders(f), exactMatch(plan, products.searchText, patternSlots())))
      .orderBy(...orderingAfterMatch(f))
      .offset(sql.placeholder("offset"))
      .limit(sql.placeholder("limit"))
      .prepare(""),
  sortedSearchShape,
  SEARCH_SHAPES_KEPT,
);

/**
 * Best match: names that start with the query, then names holding every word (as typed, then
 * through a synonym; on the query's shelves, then elsewhere), then the rest (category, brand,
 * code), each newest first. The tiers are read one after another, each as an ordered, limited
 * query, and the next is read only when the page is not yet full: a word that a tenth of the
 * catalogue holds ('atta') reads the first rows of an index instead of ranking all 12,000
 * matches (ADR 0010). The expression indexes of migration 0009 find names by prefix and by
 * trigram, and give the planner statistics on names alone. A respelt search is given as steps,
 * closest spelling first, and ranks each step's tiers before the next step's.
 */
async function bestMatches(
  db: Db,
  f: ListingFilters,
  values: ListingValues,
  steps: readonly SearchPlan[],
  ranking: TierRanking,
  range: { offset: number; limit: number },
  /** The shelves `ranking.shelves` counts (`shelvesHolding`). */
  shelves: Shelves | null,
): Promise<SummaryRow[]> {
  const patterns: Record<string, string> = {};
  const tiers = searchTiers(steps, ranking, patternSlots(patterns));
  const shelfValues: Record<string, string> = {};
  if (shelves) {
    shelfValues.shelfSubs = uuidArrayLiteral(shelves.subs);
    shelfValues.shelfTops = uuidArrayLiteral(shelves.tops);
    shelves.subs.forEach((id, i) => {
      shelfValues[`shelfSub${i}`] = id;
    });
    shelves.tops.forEach((id, i) => {
      shelfValues[`shelfTop${i}`] = id;
    });
  }
  const need = range.offset + range.limit + 1;
  const rows: SummaryRow[] = [];
  // Each step's words' lists, looked up when a tier of the step is first read from them.
  const listed = new Map<number, Promise<ListedWords | null>>();
  const listedOf = (step: number) => {
    let words = listed.get(step);
    if (!words) {
      const leading = leadingWords(steps[step] as SearchPlan);
      // The start's lists are counted with no filter: a price range or a discount counts its own.
      const known = leading && !ranged(values) ? ranking.listed?.get(listedKey(leading)) : undefined;
      if (known !== undefined || !leading) words = Promise.resolve(known ?? null);
      else words = listedWords(db, values.storeId, leading, keptOnLists(values));
      listed.set(step, words);
    }
    return words;
  };
  // Without a price range or a discount, whose conditions are weighed by their values, the
  // tiers whose plans do not depend on their words are prepared by name (namedIf).
  const byName = !ranged(values);
  for (const [tier, { step, byLists }] of tiers.entries()) {
    const shape = { f, steps, ranking, tier, named: false };
    const run = { ...values, ...patterns, ...shelfValues, limit: need - rows.length };
    const fromLists = byLists && !placed(f) ? await tierFromLists(db, shape, byName, run, await listedOf(step)) : null;
    // A shelf's walk plans alike for any words (they are `coalesce`d, and each shelf is a key).
    // Any other tier is planned for its patterns' values.
    rows.push(...(fromLists ?? (await tierPage(db, namedIf(byName && !byLists, shape, tierShapeKey)).execute(run))));
    if (rows.length >= need) break;
  }
  return rows.slice(range.offset);
}

/** The listing has a price range or a discount. */
const ranged = (v: ListingValues) => v.min !== null || v.max !== null || v.disc !== null;

/** The listing is of a category, a sub-category or a brand. */
const placed = (f: ListingFilters) => Boolean(f.category || f.sub || f.brand || f.brandId);

/**
 * A tier read from its step's words' lists, newest first (search_postings by date, as a sorted
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
  listed: ListedWords | null,
): Promise<SummaryRow[] | null> {
  if (!listed || listed.words.length === 0) return null;
  // No product in the range holds the words.
  if (listed.entries === 0) return [];
  const words = Object.fromEntries(listed.words.map((word, i) => [`listed${i}`, word]));
  const lists = namedIf(byName, { ...shape, words: listed.words.length }, listsShapeKey);
  const rows = await tierListsPage(db, lists).execute({ ...run, ...words });
  return rows.length >= run.limit || listed.entries <= POSTINGS_WINDOW ? rows : null;
}

/** How many sub-categories and categories are a query's shelves. */
interface ShelfCounts {
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
   * How many sub-categories and categories are the query's shelves (`shelvesHolding`), when it
   * has some: names holding the words are read on them first. Their ids are the placeholders
   * shelfSub0, shelfSub1... and shelfTop0..., and as arrays shelfSubs and shelfTops.
   */
  shelves: ShelfCounts | null;
  /** The steps' words' lists the search's start knows (`SearchStart.listed`); no part of a statement's text. */
  listed?: ReadonlyMap<string, ListedWords | null> | undefined;
}

/**
 * One tier of a ranked search: its condition, and, for a tier of the query's shelves, how many
 * of them it reads (`onShelves`).
 */
interface Tier {
  where: SQL | undefined;
  onShelves?: ShelfCounts;
  /** Which of the search's steps the tier is of (searchTiers). */
  step: number;
  /**
   * Whether the tier may be read from its step's words' lists (tierFromLists): every tier but a
   * walk of the query's shelves, which reads each shelf's own index.
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
      i > 0 ? exactMatch(steps[i - 1] as SearchPlan, unestimated(products.searchText), pattern) : undefined;
    return rankingTiers(step, ranking, pattern, estimated).map((tier) => ({
      ...tier,
      where: before ? and(tier.where, not(before)) : tier.where,
      step: i,
    }));
  });
}

/** One tier of a ranked search, with the listing's filters. */
interface TierShape {
  f: ListingFilters;
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
    const { f, steps, ranking, tier, named } = shape;
    const { where, onShelves } = searchTiers(steps, ranking, patternSlots())[tier] ?? { where: undefined };
    const filters = filtersAsPlaceholders(f);
    return db
      .select(summaryColumns)
      .from(products)
      .where(onShelves ? sql`${products.id} in (${shelfByShelf(filters, where, onShelves)})` : and(...filters, where))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(named ? statementName("mandi_tier", tierShapeKey(shape)) : "");
  },
  (shape: TierShape) => tierShapeKey(shape),
  SEARCH_SHAPES_KEPT,
);

/** What a tier's statement's text depends on (see tierPage). */
function tierShapeKey({ f, steps, ranking: { noneStart, asTyped, shelves }, tier, named }: TierShape): string {
  return `${listingShape(f)}/${steps.map(stepShape).join("/")}/${noneStart ? "nonestart" : "starts"}/${asTyped ? stepShape(asTyped) : "-"}/${shelves ? `${shelves.subs}.${shelves.tops}` : "-"}/${tier}${named ? "/named" : ""}`;
}

/** A tier read from its step's words' lists, and how many words they are. */
interface ListsShape extends TierShape {
  words: number;
}

const listsShapeKey = (shape: ListsShape) => `${tierShapeKey(shape)}/lists${shape.words}`;

/**
 * A tier read from its step's words' lists (tierFromLists), built once per database and shape:
 * the tier's statement with the lists merged newest first in front of it. The words are the
 * placeholders listed0, listed1...; the lists keep the price range and discount on their own
 * index, as a sorted search's do.
 *
 * Its plan is the same for any words: each list is read newest first through its index up to
 * POSTINGS_WINDOW entries, and each entry's product by its key, until the page is full; the
 * patterns are `unestimated`. So it is prepared by name (namedIf) and keeps a generic plan:
 * planning it for each search's values cost PostgreSQL more than running it (ADR 0048).
 */
const tierListsPage = preparedPerDatabase(
  (db, shape: ListsShape) => {
    const { f, steps, ranking, tier, words, named } = shape;
    const { where } = searchTiers(steps, ranking, patternSlots(), "unestimated")[tier] ?? { where: undefined };
    const store = sql.placeholder("storeId");
    const kept = keptOnLists(listingValues("", f), asPlaceholder);
    const lists = Array.from(
      { length: words },
      (_, i) => sql`(select product_id, created_at as k from search_postings
        where store_id = ${store} and word = ${sql.placeholder(`listed${i}`)}${kept}
        order by created_at desc, product_id desc limit ${sql.raw(String(POSTINGS_WINDOW))})`,
    );
    // A product holding two of the words is in two lists: once is enough.
    const listed = sql`(select distinct on (k, product_id) product_id, k from (${sql.join(lists, sql` union all `)}) u
      order by k desc, product_id desc limit ${sql.raw(String(POSTINGS_WINDOW))}) w`;
    const found = sql`${products.id} in (select ${products.id} from ${listed} join ${products} on ${products.id} = w.product_id
      where ${and(...filtersAsPlaceholders(f), where)} order by w.k desc, w.product_id desc limit ${sql.placeholder("limit")})`;
    return db
      .select(summaryColumns)
      .from(products)
      .where(found)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(sql.placeholder("limit"))
      .prepare(named ? statementName("mandi_tier_lists", listsShapeKey(shape)) : "");
  },
  listsShapeKey,
  SEARCH_SHAPES_KEPT,
);

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
function namedIf<Shape extends { named: boolean }>(
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
 * The newest products meeting the listing's `filters` and the tier's `words` on the query's
 * shelves, as ids: each shelf read newest first through its own index (a sub-category's or a
 * category's) up to the page, and the pages merged. A shelf's walk reads no more than the
 * shelf, however few of its products hold the words.
 *
 * How many products on a shelf hold the words, PostgreSQL cannot know: taking name and shelf
 * for independent, it expected 242 of 100,000 for 'rice' where there are 4,249, and found and
 * sorted them all (10 ms) rather than walk (1 ms); 78 of 1,500 'cream' on Butter & Cream (3 ms
 * against 0.5). Inside `coalesce` the words are a condition it takes half the rows to meet,
 * and checks on each row it walks. On the whole catalogue's walk the same guess cost 9,600 rows
 * for 25 'bags' (7 ms), and would have cost the whole catalogue for a word common in names and
 * rare on a small shelf of its name.
 */
function shelfByShelf(filters: readonly SQL[], words: SQL | undefined, { subs, tops }: ShelfCounts): SQL {
  const walk = (column: AnyPgColumn, placeholder: string) =>
    sql`(select ${products.id} as id, ${products.createdAt} as created_at from ${products}
      where ${and(...filters, words && sql`coalesce(${words}, false)`, sql`${column} = ${sql.placeholder(placeholder)}::uuid`)}
      order by ${products.createdAt} desc, ${products.id} desc limit ${sql.placeholder("limit")})`;
  const walks = [
    ...Array.from({ length: subs }, (_, i) => walk(products.subCategoryId, `shelfSub${i}`)),
    ...Array.from({ length: tops }, (_, i) => walk(products.categoryId, `shelfTop${i}`)),
  ];
  return sql`select s.id from (${sql.join(walks, sql` union all `)}) s order by s.created_at desc, s.id desc limit ${sql.placeholder("limit")}`;
}

/** What a step's patterns are, as counts: its units' terms, and its ordered name patterns. */
const stepShape = (p: SearchPlan) => `${unitsShape(p)}:${orderedNamePatterns(p)?.length ?? "-"}`;

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
const unestimated = (column: AnyPgColumn) => sql`(${column} || '')`;

/**
 * 'The text holds every unit of the query', on `text`: the name or the search text (a column,
 * or `unestimated` of one). As ordered patterns where that means the same (see the function):
 * PostgreSQL estimates each from the column's statistics as a whole, where it multiplies the
 * units' frequencies. Two common words that no product holds together ('oil atta') were taken
 * for a pair in one product of sixty, and the search text walked newest first to the end of
 * the catalogue (212 ms at 100,000 products) instead of intersecting the words' trigrams (13 ms).
 */
function holdsEvery(p: SearchPlan, text: SQL | AnyPgColumn, pattern: Pattern): SQL {
  const ordered = orderedNamePatterns(p);
  return (
    (ordered ? or(...ordered.map((each) => sql`${text} like ${pattern(each)}`)) : exactMatch(p, text, pattern)) ??
    sql`true`
  );
}

/** 'The name starts with the query', on `name` (the column, or `unestimated` of it). */
const nameStarts = (p: SearchPlan, name: SQL | AnyPgColumn, pattern: Pattern) =>
  sql`${name} like ${pattern(` ${p.text}%`)}`;

/**
 * A search's ranking: names that start with it, names holding every word (those holding the
 * words as typed first, when synonyms widen the query), then the rest. Names holding the words
 * are read on the query's shelves first, when it has some: 'rice' lists Basmati Rice and Sona
 * Masoori Rice (on the shelves 'Basmati Rice' and 'Everyday Rice') before Rice Flour, and
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
  { noneStart, asTyped, shelves }: TierRanking,
  pattern: Pattern,
  estimated: Estimated = "estimated",
): Omit<Tier, "step">[] {
  const name = unestimated(products.searchName);
  // The columns the tiers' own words are weighed on; read from the words' lists, the plan is
  // the lists', whatever the words' frequencies, and weighing them would only cost planning.
  const names = estimated === "estimated" ? products.searchName : name;
  const texts = estimated === "estimated" ? products.searchText : unestimated(products.searchText);
  // A name that starts with the query, or holds every word, matches the whole search text
  // too: leaving that condition out of the first tiers keeps the planner from counting the
  // same words twice (it would take a broad word for a rare one). What the tiers before found
  // is left out on `unestimated` names, which costs no planning.
  const notStarting = noneStart ? undefined : not(nameStarts(p, name, pattern));
  // A product is on a shelf by its sub-category, or by a category none of whose sub-categories
  // is a shelf (shelvesHolding); off the shelves by neither, or by having no category. On the
  // shelves, each is read by its own index (shelfByShelf). Off them, `coalesce` makes PostgreSQL
  // take the condition for one that half the rows meet; the shelves' share of the catalogue
  // would tell it nothing of their share of the names.
  const offShelves = not(
    sql`coalesce(${products.subCategoryId} = any(${sql.placeholder("shelfSubs")}::uuid[]) or ${products.categoryId} = any(${sql.placeholder("shelfTops")}::uuid[]), false)`,
  );
  const byShelf = (where: SQL | undefined): Omit<Tier, "step">[] =>
    shelves
      ? [
          { where, onShelves: shelves, byLists: false },
          { where: and(where, offShelves), byLists: true },
        ]
      : [{ where, byLists: true }];
  // Names holding the words as typed, when synonyms widen the query, before names holding a
  // synonym: whatever the first hold, the second do too (planSearch's `asTyped`).
  const holding = asTyped
    ? [
        ...byShelf(and(holdsEvery(asTyped, names, pattern), notStarting)),
        ...byShelf(and(holdsEvery(p, names, pattern), notStarting, not(holdsEvery(asTyped, name, pattern)))),
      ]
    : byShelf(and(holdsEvery(p, names, pattern), notStarting));
  const tiers = [
    ...holding,
    { where: and(holdsEvery(p, texts, pattern), not(holdsEvery(p, name, pattern))), byLists: true },
  ];
  return noneStart ? tiers : [{ where: nameStarts(p, names, pattern), byLists: true }, ...tiers];
}

/** How far each word's list is counted: beyond it, a word is as common as any. */
const COUNTED_ENTRIES = 5000;
/**
 * The most units a query may have to be read without each in turn: each try is a search of
 * its own, and without one of five words, four are seldom all in a product either.
 */
const MOST_UNITS_LEFT_OUT_IN_TURN = 4;

/**
 * The plan's units, each left out in turn, for a search whose words are each in the catalogue
 * but never together ('basmati rice premium'): the plans of every unit but one, the one that
 * more products hold left out first. That is the ranking a search engine gives by how rare a
 * word is, and it keeps what the shopper asked for most narrowly: 'tata salt' lists salt of
 * any brand before the brand's other products, 'amul ghee 5 l' Amul's ghee in other sizes
 * before other 5 L packs. How many products hold a unit is read from its words' lists
 * (search_postings, counted up to COUNTED_ENTRIES): one statement. A unit with no word of
 * three letters or more to count by (a pack size, a number) is left out first.
 *
 * Of three units or more, only the plans some product may hold (ADR 0051): when every unit's
 * list is shorter than COUNTED_ENTRIES, a second statement reads which of the units each product
 * of the lists holds, and a plan no product holds all of is not read. Reading such a plan found
 * nothing only after each of its tiers had read its lists and then its own indexes: 10-25 ms a
 * plan at 100,000 products ('sugar salt tea coffee', whose four plans find nothing, took 120 ms).
 */
async function leaveOneOut(db: Db, storeId: string, plan: SearchPlan, kept: SQL): Promise<SearchPlan[]> {
  const leading = plan.units.map(unitLeadingWords);
  const counts = await unitCounts(db, storeId, leading);
  const held = (i: number) => counts[i] ?? Number.POSITIVE_INFINITY;
  // Of two units, each plan is one unit, which its count tells of. Lists as long as a word's
  // count goes cost more to read whole than the plans they could spare ('rice oil masala ghee').
  const listed = counts.filter((count) => count !== null);
  const sets =
    plan.units.length >= 3 && listed.length >= 2 && listed.every((count) => count < COUNTED_ENTRIES)
      ? await unitsHeldTogether(db, storeId, leading, kept)
      : null;
  return plan.units
    .map((_, i) => i)
    .filter((i) => !sets || mayHold(sets, leading, i))
    .sort((a, b) => held(b) - held(a) || b - a)
    .map((i) => ({ ...plan, units: plan.units.filter((_, j) => j !== i) }));
}

/** How many entries each unit's words' lists hold, up to COUNTED_ENTRIES; null for a unit without leading words. */
async function unitCounts(
  db: Db,
  storeId: string,
  leading: readonly (readonly string[] | null)[],
): Promise<(number | null)[]> {
  const counts = leading.map((words) => {
    if (!words) return sql`null::int`;
    // search_words and search_postings have no Drizzle tables; the words' lists by their
    // index, as searchPostings reads them.
    return sql`(select count(*)::int from (select 1 from search_postings
      where store_id = ${storeId} and word in (select word from search_words
        where store_id = ${storeId} and (${startsWithAny(sql`word`, words)}) limit ${MOST_LISTED_WORDS})
      limit ${COUNTED_ENTRIES}) c)`;
  });
  const result = (await db.execute(sql`select array[${sql.join(counts, sql`, `)}] as counts`)) as unknown as {
    rows: { counts: (number | null)[] }[];
  };
  return result.rows[0]?.counts ?? [];
}

/**
 * The sets of units (bit i for unit i) that a product the price range and discount `kept` keep
 * holds, of the products holding every unit with leading words but one at least: one statement,
 * which reads every entry of the units' lists. Every word the leading words start is read, since
 * a list left out could hide the one product holding them all.
 */
async function unitsHeldTogether(
  db: Db,
  storeId: string,
  leading: readonly (readonly string[] | null)[],
  kept: SQL,
): Promise<number[]> {
  const lists = leading.flatMap((words, i) =>
    words
      ? [
          sql`select product_id, ${1 << i}::int as unit from search_postings
            where store_id = ${storeId} and word in (select word from search_words
              where store_id = ${storeId} and (${startsWithAny(sql`word`, words)}))${kept}`,
        ]
      : [],
  );
  const result = (await db.execute(sql`select array(select distinct units from (
      select bit_or(unit) as units from (${sql.join(lists, sql` union all `)}) held group by product_id
      having count(distinct unit) >= ${lists.length - 1}) p) as sets`)) as unknown as {
    rows: { sets: number[] }[];
  };
  return result.rows[0]?.sets ?? [];
}

/**
 * Whether some product may hold every unit but unit `out`: one of `sets` holds every other
 * unit with leading words. A unit without them (a pack size) is not in the lists, and may be
 * held by any product.
 */
export function mayHold(sets: readonly number[], leading: readonly (readonly string[] | null)[], out: number): boolean {
  let needed = 0;
  leading.forEach((words, i) => {
    if (words && i !== out) needed |= 1 << i;
  });
  return needed === 0 || sets.some((units) => (units & needed) === needed);
}

/**
 * A page of the products holding every unit of the plan but one (`leaveOneOut`), each plan's
 * read by `run` as a search of its own. Each plan's products hold a word the others' lack, so
 * none is listed twice. Best match lists them plan by plan; a sort the shopper chose orders
 * the page's share of every plan as one list.
 */
async function allButOne(
  db: Db,
  values: ListingValues,
  f: ListingFilters,
  { plan, asTyped }: { plan: SearchPlan; asTyped: SearchPlan | undefined },
  range: { offset: number; limit: number },
  run: (p: SearchPlan, r: { offset: number; limit: number }, asTyped?: SearchPlan) => Promise<SummaryRow[]>,
): Promise<SummaryRow[]> {
  const need = range.offset + range.limit + 1;
  const plans = await leaveOneOut(db, values.storeId, plan, keptOnLists(values));
  if (f.sort === "relevance") {
    const found: SummaryRow[] = [];
    for (const fewer of plans) {
      // The words as typed rank first here too, without the unit left out (each of the typed
      // plan's units is its unit's first term).
      const kept = new Set(fewer.units.map((unit) => unit[0]));
      const typed = asTyped && { ...asTyped, units: asTyped.units.filter((unit) => kept.has(unit[0])) };
      const first = typed && !sameUnits(typed, fewer) ? typed : undefined;
      found.push(...(await run(fewer, { offset: 0, limit: need - found.length - 1 }, first)));
      if (found.length >= need) break;
    }
    return found.slice(range.offset);
  }
  // The first `need` of each plan, in the sort's order, hold the first `need` of them all.
  const ids: string[] = [];
  for (const fewer of plans) ids.push(...(await run(fewer, { offset: 0, limit: need - 1 })).map((row) => row.id));
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...ordering(f))
    .offset(range.offset)
    .limit(range.limit + 1);
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
  /** Where a search's start comes from: the process's memory of it (MandiContext), else the database. */
  searchStarts?: SearchStarts,
  /** Where a search's matches lie, when the process knows (MandiContext); else not used. */
  knownFacets?: KnownFacets,
): Promise<ListingPage> {
  // A search with no letters or digits in it ('*', '--') has nothing to match: it finds nothing,
  // as the suggestion box says, rather than every product under "Results for “*”".
  const typed = f.q ? planSearch(f.q) : null;
  if (typed?.units.length === 0) return { products: [], hasMore: false, match: "exact" };
  const values = listingValues(storeId, f);
  const where = filterConditions(values);
  const page = (conditions: (SQL | undefined)[], r: { offset: number; limit: number }) =>
    db
      .select(summaryColumns)
      .from(products)
      .where(and(...where, ...conditions))
      .orderBy(...ordering(f))
      .offset(r.offset)
      .limit(r.limit);
  // An id finds the product or the brand's products it is the id of, whole: search texts hold
  // no ids, whose parts would match words ('cafe', 'beef'; migration 0016).
  const id = f.q?.trim() ?? "";
  if (isUuid(id)) {
    const key = id.toLowerCase();
    const rows = await page([or(eq(products.id, key), eq(products.brandId, key))], {
      offset: range.offset,
      limit: range.limit + 1,
    });
    return { products: rows.slice(0, range.limit).map(toSummary), hasMore: rows.length > range.limit, match: "exact" };
  }
  const search =
    f.q && typed ? await (searchStarts ? searchStarts(storeId, f.q) : startSearch(db, storeId, f.q, typed)) : null;
  const plan = search?.plan ?? null;
  const run = async (p: SearchPlan | null, r = range, typedOfFewer?: SearchPlan) => {
    if (!p) return pageOfListing(db, f, values, r);
    // The words are in the catalogue, but not under this category, sub-category or brand
    // ('sugar' among oils): nothing to read. Finding that out by reading cost a sorted search
    // two statements, a window in order and then every match by trigram. Facets tell only of a
    // category, sub-category or brand: without one, none is asked for.
    const facets = placed(f) ? knownFacets?.(storeId, p) : undefined;
    const most = facets ? mostUnderFilters(facets, f) : null;
    if (most === 0) return [];
    if (f.sort !== "relevance") return searchInOrder(db, values, f, p, r, most);
    // Close spellings are ranked closest first; a sort the shopper chose keeps its order.
    const respelt = plan !== null && p !== plan;
    const steps = respelt ? spellingSteps(plan, p) : [p];
    const asTyped = respelt ? typedOfFewer : search?.asTyped;
    // Close spellings rank by closeness alone.
    const shelves = respelt ? null : shelvesHolding(p, search?.shelves ?? []);
    const ranking = {
      noneStart: respelt || search?.nameStarts === false,
      asTyped,
      shelves: shelves && { subs: shelves.subs.length, tops: shelves.tops.length },
      listed: search?.listed,
    };
    return bestMatches(db, f, values, steps, ranking, r, shelves);
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
          allButOne(db, values, f, { plan, asTyped: search?.asTyped }, r, run);
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

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  price: number;
  soldOut: boolean;
}

/** Up to `limit` products for the header search box, best matches first. */
export async function suggestProducts(
  db: Db,
  storeId: string,
  q: string,
  limit = 8,
  searchStarts?: SearchStarts,
): Promise<Suggestion[]> {
  const page = await listProducts(
    db,
    storeId,
    { ...NO_FILTERS, q, sort: "relevance" },
    { offset: 0, limit },
    searchStarts,
  );
  return page.products.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    photo: p.photo,
    price: p.price,
    soldOut: p.stock.kind === "sold-out",
  }));
}
