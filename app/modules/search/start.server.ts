import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { categories, products, searchSynonyms } from "../../db/schema";
import { asPattern } from "../catalog/listing-sql.server";
import { isActive } from "../catalog/products.server";
import {
  type CategoryCandidate,
  categoryTerms,
  joinedWords,
  planSearch,
  type SearchPlan,
  type SearchUnit,
  sameUnits,
  spellingSteps,
  withJoinedWords,
} from "./query";
import {
  type ListSize,
  leadingWords,
  listsOf,
  listsRead,
  nameStarts,
  postingsKey,
  type WordPostings,
  wordPostingsFrom,
} from "./words.server";

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
   * a shop's synonym group holding it whole: the named categories a plan's best matches are ranked by
   * (`categoriesNamed`). Undefined when a word of the query is missing: close spellings rank by
   * closeness alone.
   */
  namedCategories?: readonly CategoryCandidate[];
  /**
   * The postings of the plan's leading words (and of each spelling step's, for a respelt
   * plan), by `postingsKey`, counted with no filter: what a best-match tier read from the lists
   * needs (tierFromLists), known from the start instead of looked up by every search. Null for
   * leading words that start too many words.
   */
  postings?: ReadonlyMap<string, WordPostings | null>;
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
export async function startSearch(db: Db, storeId: string, q: string, typed: SearchPlan): Promise<SearchStart> {
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
  // named categories, `categoriesNamed`).
  // Only a query of one unit has named categories (categoriesNamed): no category is read for the others,
  // unless a shop's group makes one of them one unit (below).
  const terms = typed.units.length === 1 ? categoryTerms(typed) : [];
  const candidateCategories = terms.length > 0 ? categoriesHolding(storeId, terms) : sql`'[]'::json`;
  // The lists of the query's leading words, for its best-match tiers (`SearchStart.postings`).
  const firsts = leadingWords(typed) ?? [];
  // search_words has no Drizzle table; both drivers answer execute() with { rows }. `offset 0`
  // keeps the checks in a subquery of their own: planned and run once, not once per use.
  const result = (await db.execute(sql`select
      (select coalesce(json_agg(terms), '[]'::json) from ${searchSynonyms} where ${searchSynonyms.storeId} = ${storeId}) as synonyms,
      k.known, case when false = any(k.known) then ${spellings} end as close, ${starts} as starts,
      ${candidateCategories} as categories, ${termsHeld(storeId, synonyms)} as held, ${listsOf(storeId, firsts)} as lists
    from (select ${verdicts} as known offset 0) k`)) as unknown as {
    rows: {
      synonyms: unknown;
      known: boolean[];
      close: string[] | null;
      starts: boolean;
      categories: unknown;
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
    // 'rice'): the categories they name are named categories too. Read only then, in a statement of its own.
    const shopTerms = plan.units.length === 1 ? categoryTerms(plan).filter((term) => !terms.includes(term)) : [];
    const shopCandidates =
      shopTerms.length > 0
        ? ((await db.execute(
            sql`select ${categoriesHolding(storeId, shopTerms, categoryTerms(plan))} as categories`,
          )) as unknown as {
            rows: { categories: unknown }[];
          })
        : null;
    const namedCategories = [
      ...categoryCandidates(row?.categories),
      ...categoryCandidates(shopCandidates?.rows[0]?.categories),
    ];
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
      namedCategories: namedCategories.filter(
        (category, i) => namedCategories.findIndex((other) => other.id === category.id) === i,
      ),
      postings: postingsOfPlans([searched], listsRead(firsts, row?.lists)),
    };
  }
  const close = closeSpellings(typed.fuzzyWords, row?.close);
  // A missing word with no close spelling, or too short to have one, is left out, and what the
  // other words find is shown as similar products ('ketchup sachets' lists ketchup). A query of
  // such words alone finds nothing.
  const postingFilters = leaveOut(plan, new Set(missing.filter((word) => (close.get(word) ?? []).length === 0)));
  if (postingFilters.units.length === 0) return { plan, respelt: null, nameStarts: false };
  const respelt = respell(postingFilters, close) ?? postingFilters;
  // Should the close spellings find nothing with the other words ('brown sugar', where 'brown'
  // is spelt like 'bread'), the other words alone.
  const others = leaveOut(plan, new Set(missing));
  const without = others.units.length > 0 && others.units.length < postingFilters.units.length ? others : undefined;
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
  return { plan, respelt, without, nameStarts: false, postings: postingsOfPlans(steps, lists) };
}

/**
 * Each plan's lists (`SearchStart.postings`), by its leading words, from each word's catalogue
 * words: their union, and their entries added up; null past MOST_LISTED_WORDS. A plan whose
 * leading words were not all read is left out, and looked up when a search needs it.
 */
function postingsOfPlans(
  plans: readonly SearchPlan[],
  lists: ReadonlyMap<string, readonly ListSize[]>,
): Map<string, WordPostings | null> {
  const postings = new Map<string, WordPostings | null>();
  for (const plan of plans) {
    const leading = leadingWords(plan);
    if (leading?.every((word) => lists.has(word))) postings.set(postingsKey(leading), wordPostingsFrom(leading, lists));
  }
  return postings;
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
 * a sorted search's postings through a word that is there for another product ('refined',
 * of refined oil). A unit none of whose terms is held is kept whole: it matches nothing either way.
 */
function withoutUnheld(plan: SearchPlan, held: ReadonlyMap<string, boolean>): SearchPlan {
  let changed = false;
  // A word that had synonyms is not respelt (`respell`), alone in its unit or not.
  const notRespelt = new Set<string>();
  const units = plan.units.map((unit) => {
    if (unit.length < 2) return unit;
    const postingFilters = unit.filter((term) => held.get(term) !== false);
    if (postingFilters.length === 0 || postingFilters.length === unit.length) return unit;
    changed = true;
    if (postingFilters.length === 1) notRespelt.add(postingFilters[0] as string);
    return postingFilters;
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
 * active product whose name holds one of `named` so, as JSON (`categoryCandidates`). A category
 * named for the word whose products are not ('Frozen Breads & Desserts' holds no bread) is
 * no named category: the tier of the named categories read it to its end on every search (1-2 ms at 100,000
 * products). Looking costs that once, in the start, which the process remembers.
 */
const categoriesHolding = (storeId: string, terms: readonly string[], named: readonly string[] = terms) => {
  const patterns = (list: readonly string[]) =>
    sql`array[${sql.join(
      list.map((term) => sql`${`% ${term}%`}`),
      sql`, `,
    )}]`;
  // Each named category walked through its own index until a name holds a term: inside `coalesce`, the
  // names are a condition PostgreSQL expects to meet at once. On the column, it built the whole
  // bitmaps of the word's names and of the category to find one (20 ms for 'oil').
  const holds = (column: string) =>
    sql`exists (select 1 from ${products} p where p.store_id = ${storeId} and p.active and p.${sql.raw(column)} = c.id
      and coalesce(p.search_name like any (${patterns(named)}), false))`;
  return sql`(select coalesce(json_agg(json_build_object('id', c.id, 'parent', c.parent_id, 'name', c.search_name)), '[]'::json)
    from ${categories} c where c.store_id = ${storeId} and c.search_name like any (${patterns(terms)})
      and (${holds("sub_category_id")} or ${holds("category_id")}))`;
};

/** The start's named categories (JSON) as candidates; anything else in it is dropped. */
function categoryCandidates(value: unknown): CategoryCandidate[] {
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
 * Close spellings from the words the catalogue uses, for the words of the query long enough to be
 * matched loosely ('panner' gives paneer, 'basmti' basmati): trigram similarity over
 * search_words, a table of a few thousand words, rather than over every product. One statement
 * for all the words.
 */
export async function correctSpelling(db: Db, storeId: string, plan: SearchPlan): Promise<SearchPlan | null> {
  const words = plan.units.flatMap((unit) =>
    unit.length === 1 && plan.fuzzyWords.includes(unit[0] as string) ? [unit[0] as string] : [],
  );
  if (words.length === 0) return null;
  const result = (await db.execute(sql`select ${closeWordsArray(storeId, words)} as close`)) as unknown as {
    rows: { close: (string | null)[] }[];
  };
  return respell(plan, closeSpellings(words, result.rows[0]?.close));
}
