/**
 * Turning what a shopper types into what the catalogue search looks for. Pure, so the rules
 * are tested without a database; the other files of this folder turn the result into SQL
 * (search.server.ts is where a search begins).
 */

/**
 * Groups of words Indian kitchens use for the same thing. A query word (or phrase) from a group
 * finds products named with any word of the group. Shops add their own groups in the
 * search_synonyms table (`npm run search -- synonyms add "kesar" "saffron"`).
 */
export const BUILT_IN_SYNONYMS: readonly (readonly string[])[] = [
  ["atta", "wheat flour", "gehun"],
  ["maida", "refined flour", "all purpose flour"],
  ["besan", "gram flour", "chickpea flour"],
  ["sooji", "suji", "rava", "semolina"],
  ["dahi", "curd", "yogurt", "yoghurt"],
  ["paneer", "cottage cheese"],
  ["makhan", "butter"],
  ["jeera", "cumin"],
  ["haldi", "turmeric"],
  ["elaichi", "cardamom"],
  ["dhania", "coriander"],
  ["laung", "clove", "cloves"],
  ["dalchini", "cinnamon"],
  ["kali mirch", "black pepper"],
  ["lal mirch", "red chilli", "red chili"],
  ["mirchi", "chilli", "chili"],
  ["methi", "fenugreek"],
  ["saunf", "fennel"],
  ["ajwain", "carom"],
  ["hing", "asafoetida"],
  ["kesar", "saffron"],
  ["imli", "tamarind"],
  ["gud", "jaggery"],
  ["chana", "chickpea", "chickpeas"],
  ["rajma", "kidney beans"],
  ["toor", "arhar", "pigeon pea"],
  ["moong", "mung", "green gram"],
  ["urad", "black gram"],
  ["masoor", "red lentil", "red lentils"],
  ["chawal", "rice"],
  ["tel", "oil"],
  ["sarson", "mustard"],
  ["til", "sesame"],
  ["nariyal", "coconut"],
  ["mungfali", "peanut", "groundnut"],
  ["kaju", "cashew"],
  ["badam", "almond", "almonds"],
  ["kishmish", "raisin", "raisins"],
  ["namak", "salt"],
  ["cheeni", "chini", "sugar"],
  ["chai", "tea"],
  ["aloo", "potato"],
  ["pyaz", "onion"],
];

/**
 * Units of measure a pack size is written with: the forms a name may use, each matched at the
 * start of a word ('l' finds 'L', 'ltr' and 'litre'), then the other ways a shopper types them.
 * A number followed by one of them is one unit of the query, matched as a phrase: 'atta 5kg'
 * finds 'Atta 5 kg' and 'Atta 5 Kgs' but not 'Atta 50 kg', which '5' alone starts.
 */
const PACK_UNITS: readonly { names: readonly string[]; typed: readonly string[] }[] = [
  { names: ["kg"], typed: ["kgs", "kilo", "kilos", "kilogram", "kilograms"] },
  { names: ["g"], typed: ["gm", "gms", "gr", "gram", "grams"] },
  { names: ["l"], typed: ["lt", "ltr", "ltrs", "litre", "litres", "liter", "liters"] },
  { names: ["ml"], typed: ["mls", "millilitre", "millilitres", "milliliter", "milliliters"] },
  { names: ["pc", "piece"], typed: ["pcs", "pieces"] },
];

/** What a unit of measure typed after a number is matched as, by every way of typing it. */
const PACK_UNIT_NAMES: ReadonlyMap<string, readonly string[]> = new Map(
  PACK_UNITS.flatMap((unit) => [...unit.names, ...unit.typed].map((word) => [word, unit.names] as const)),
);

/** The longest query the search reads; the rest is ignored. */
export const MAX_QUERY_LENGTH = 100;
const MAX_WORDS = 8;
/** Words shorter than this are never matched loosely: 'oil' would resemble too much. */
export const MIN_FUZZY_LENGTH = 4;

/**
 * Lower case, letters and digits only, single spaces: the form search_text is kept in
 * (`mandi_search_normalise`, migration 0019, does the same in the database). A number and the
 * letters written against it are two words, so a pack size typed either way finds names written
 * either way: 'atta 5kg' finds 'Atta 5 kg', and 'oil 15 l' finds 'Oil 15L'. The letters and signs
 * of India's scripts (U+0900-U+0DFF, but for the dandas) are named here as well as by their
 * Unicode classes: the database's rule names them so, as it does not count a virama a letter.
 */
export function normaliseSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\u0900-\u0963\u0966-\u0DFF]+/gu, " ")
    .replace(/([0-9])([^0-9 ])/gu, "$1 $2")
    .replace(/([^0-9 ])([0-9])/gu, "$1 $2")
    .trim();
}

/** One thing the query asks for: any of these phrases, each matched at the start of a word. */
export type SearchUnit = readonly string[];

export interface SearchPlan {
  /** The normalised query, for ranking ('name starts with the query'). */
  text: string;
  /** Every unit must match; empty when the query has nothing to search for. */
  units: SearchUnit[];
  /** Single words long enough to be matched by similarity when nothing matches exactly. */
  fuzzyWords: string[];
}

function normaliseGroups(groups: readonly (readonly string[])[]): string[][] {
  return groups
    .map((g) => [...new Set(g.map(normaliseSearchText).filter((t) => t.length > 0))])
    .filter((g) => g.length > 1);
}

/** The built-in groups, normalised once rather than on every search. */
const BUILT_IN_GROUPS: readonly string[][] = normaliseGroups(BUILT_IN_SYNONYMS);

/**
 * Splits a query into units. A run of words equal to a synonym term (longest first) becomes one
 * unit holding the whole group, and a number with its unit of measure one unit matched as a phrase
 * (`PACK_UNITS`): 'wheat flour 10 kgs' gives [atta | wheat flour | gehun], [10 kg].
 *
 * `asTyped`: such a run is a unit of that phrase alone, without the rest of its group: the query
 * as the shopper wrote it ('wheat flour 10 kgs' gives [wheat flour], [10 kg]). What it matches,
 * the plan with synonyms matches too; a search ranks it first (`SearchStart.asTyped`).
 */
export function planSearch(
  query: string,
  extraGroups: readonly (readonly string[])[] = [],
  { asTyped = false }: { asTyped?: boolean } = {},
): SearchPlan {
  const text = normaliseSearchText(query.slice(0, MAX_QUERY_LENGTH));
  const words = text
    .split(" ")
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
  const groups = extraGroups.length > 0 ? [...BUILT_IN_GROUPS, ...normaliseGroups(extraGroups)] : BUILT_IN_GROUPS;
  const units: SearchUnit[] = [];
  /** Where a unit of measure follows a number: a word matched with it, never loosely. */
  const measures = new Set<number>();
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    const unitNames = /^[0-9]+$/.test(word) ? PACK_UNIT_NAMES.get(words[i + 1] ?? "") : undefined;
    if (unitNames) {
      units.push(unitNames.map((name) => `${word} ${name}`));
      measures.add(i + 1);
      i += 2;
      continue;
    }
    let matched: { length: number; group: string[] } | null = null;
    for (const group of groups) {
      for (const term of group) {
        const termWords = term.split(" ");
        if (matched && termWords.length <= matched.length) continue;
        if (termWords.every((w, k) => words[i + k] === w)) matched = { length: termWords.length, group };
      }
    }
    if (matched) {
      // Several groups may share a term ('mirchi' and 'lal mirch'): merge every group the phrase is in.
      const phrase = words.slice(i, i + matched.length).join(" ");
      const merged = new Set<string>([phrase]);
      if (!asTyped) for (const group of groups) if (group.includes(phrase)) for (const t of group) merged.add(t);
      units.push([...merged]);
      i += matched.length;
    } else {
      units.push([words[i] as string]);
      i += 1;
    }
  }
  return {
    text: words.join(" "),
    units: dedupeUnits(units),
    fuzzyWords: words.filter((w, k) => w.length >= MIN_FUZZY_LENGTH && !/^\d+$/.test(w) && !measures.has(k)),
  };
}

/** Whether two plans ask for the same units, term for term. */
export function sameUnits(a: SearchPlan, b: SearchPlan): boolean {
  return (
    a.units.length === b.units.length &&
    a.units.every((unit, i) => unit.length === b.units[i]?.length && unit.every((term, k) => term === b.units[i]?.[k]))
  );
}

function dedupeUnits(units: SearchUnit[]): SearchUnit[] {
  const seen = new Set<string>();
  return units.filter((u) => {
    const key = [...u].sort().join("|");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const MAX_ORDERED_PATTERNS = 24;

/**
 * 'Every unit is in the name', as LIKE patterns with the units in each order: 'basmati rice'
 * gives '% basmati% rice%' and '% rice% basmati%'. PostgreSQL estimates such a pattern from its
 * statistics as a whole; with one LIKE per word it multiplies the words' frequencies, takes
 * words that go together (basmati, rice) for a rare pair, and picks a plan that reads every
 * match (25 ms instead of 5 at 100,000 products).
 *
 * The two forms match the same names unless two units can match at overlapping places: a term
 * that starts another ('bas', 'basmati'), or that starts at a word inside a phrase ('flour' in
 * 'wheat flour'). Then, for one unit, or when there would be more than 24 patterns, the answer
 * is null and the caller keeps one LIKE per unit.
 */
export function orderedNamePatterns(plan: SearchPlan): string[] | null {
  const { units } = plan;
  if (units.length < 2 || units.length > 3) return null;
  const overlap = units.some((unit, i) =>
    units.some((other, j) => i !== j && unit.some((a) => other.some((b) => canOverlap(a, b)))),
  );
  if (overlap) return null;
  const orders = permutations(units);
  const choices = units.reduce((n, unit) => n * unit.length, 1);
  if (orders.length * choices > MAX_ORDERED_PATTERNS) return null;
  const patterns: string[] = [];
  for (const order of orders) {
    let prefixes = [""];
    for (const unit of order) prefixes = prefixes.flatMap((p) => unit.map((term) => `${p}% ${term}`));
    patterns.push(...prefixes.map((p) => `${p}%`));
  }
  return patterns;
}

/** Whether b can match at a word start within a's match (or a within b's). */
function canOverlap(a: string, b: string): boolean {
  const within = (x: string, y: string) =>
    x.split(" ").some((_, k, words) => {
      const rest = words.slice(k).join(" ");
      return rest.startsWith(y) || y.startsWith(rest);
    });
  return within(a, b) || within(b, a);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A unit that is one word of letters as typed, with no synonyms: one a neighbour may join. */
const joinable = (unit: SearchUnit | undefined): string | null =>
  unit?.length === 1 && /^[a-z]+$/.test(unit[0] as string) ? (unit[0] as string) : null;

/** The shortest joined word looked for: shorter ones ('ab' of 'a b') start too many words. */
const MIN_JOINED_LENGTH = 4;

/**
 * Two neighbouring words of the query written together ('dish wash' gives 'dishwash', and
 * 'dish w', as it is being typed, 'dishw'): the words of the catalogue they may stand for, when
 * it writes them as one. Each is for `withJoinedWords`.
 */
export function joinedWords(plan: SearchPlan): string[] {
  return [...new Set(plan.units.map((_, i) => joinedAt(plan, i)).filter((w): w is string => w !== null))];
}

/** The units at `i` and `i + 1` as one word, when both can be joined and it is long enough. */
function joinedAt(plan: SearchPlan, i: number): string | null {
  const [a, b] = [joinable(plan.units[i]), joinable(plan.units[i + 1])];
  return a && b && a.length + b.length >= MIN_JOINED_LENGTH ? a + b : null;
}

/**
 * The plan with each pair of neighbouring words that the catalogue writes as one word
 * (`known`) also matching that word: 'dish wash' finds 'Dishwash Bar' as well as 'Dish Wash
 * Liquid'. Both words' units take the joined word as another term, so a product matches when it
 * holds both words, or the two as one; and neither word is then missing from the catalogue
 * ('sun' of 'sun flower' may start no word of it, 'sunflower' does).
 */
export function withJoinedWords(plan: SearchPlan, known: ReadonlySet<string>): SearchPlan {
  if (known.size === 0) return plan;
  let changed = false;
  const units = plan.units.map((unit, i): SearchUnit => {
    const joined = [joinedAt(plan, i - 1), joinedAt(plan, i)].filter((w): w is string => w !== null && known.has(w));
    if (joined.length === 0) return unit;
    changed = true;
    return [...unit, ...joined];
  });
  return changed ? { ...plan, units } : plan;
}

/**
 * A respelt search as widening steps, closest spellings first: the first step gives each
 * respelt word its closest spelling, the next adds the next closest, and so on. `respelt` is
 * `plan` with close spellings appended to some of its units, best first ('panner' -> paneer,
 * pan, paper), so a shopper who typed 'panner' sees paneer before paper straws; and without the
 * units of words left out (`startSearch`). A plan with nothing appended is its own single step.
 */
export function spellingSteps(plan: SearchPlan, respelt: SearchPlan): SearchPlan[] {
  // Each respelt unit starts with the term it was typed as.
  const typed = new Map(plan.units.map((unit) => [unit[0], unit.length]));
  const added = respelt.units.map((unit) => unit.length - (typed.get(unit[0]) ?? unit.length));
  const most = Math.max(0, ...added);
  if (most <= 1) return [respelt];
  return Array.from({ length: most }, (_, k) => ({
    ...respelt,
    units: respelt.units.map((unit, i) => unit.slice(0, unit.length - (added[i] ?? 0) + k + 1)),
  }));
}

/**
 * The terms a category's name may hold for the query: every term of its units but pack sizes and
 * numbers ('basmati rice 5 kg' gives basmati, rice, chawal...; '5 kg' names no named category).
 */
export function categoryTerms(plan: SearchPlan): string[] {
  return [...new Set(plan.units.flatMap((unit) => unit.filter((term) => !/^[0-9]/.test(term))))];
}

/** A query's named categories: the ids of the sub-categories and of the categories that are. */
export interface NamedCategories {
  subs: string[];
  tops: string[];
}

/** The most named categories a query may have (`categoriesNamed`). */
const MOST_NAMED_CATEGORIES = 8;

/** A category whose name holds a word of the query: `name` normalised, with a space each side. */
export interface CategoryCandidate {
  id: string;
  parent: string | null;
  name: string;
}

/**
 * The named categories a search ranks first: the categories whose names hold a term of the plan, each at
 * the start of a word ('rice' names the categories 'Basmati Rice' and 'Everyday Rice'). A
 * sub-category is more telling than its category: a category counts only when none of its
 * sub-categories holds such a term. 'Rice, Atta & Flours' holds 'rice', but so do two of its
 * sub-categories, and its third, 'Besan & Other Flours', is where Rice Flour is: Rice Flour is
 * not on a rice named category. A shop whose category 'Rice' has sub-categories 'Basmati' and 'Sona
 * Masoori' has the whole category as the named category. Null when no category holds a term.
 *
 * Only for a query of one unit (a word or phrase, with its synonyms): the query a shopper types
 * to browse a kind of thing, whose matches are many and mixed. A query of more units is
 * narrower already ('basmati rice', 'amul butter'), and when nothing holds all its units
 * ('oil atta'), reading in the named categories and then outside them cost a second look through every
 * candidate (6 ms at 100,000 products). Nor for a query that more than eight categories name
 * ('b', as it is being typed): it names no kind of thing in particular, and each named category is a walk
 * of its own (tiers.server.ts, categoryByCategory).
 */
export function categoriesNamed(plan: SearchPlan, candidates: readonly CategoryCandidate[]): NamedCategories | null {
  if (plan.units.length !== 1) return null;
  const terms = categoryTerms(plan);
  const holding = candidates.filter((c) => terms.some((term) => c.name.includes(` ${term}`)));
  if (holding.length === 0) return null;
  const subs = holding.filter((c) => c.parent !== null);
  const withSubs = new Set(subs.map((c) => c.parent));
  const tops = holding.filter((c) => c.parent === null && !withSubs.has(c.id));
  if (subs.length + tops.length > MOST_NAMED_CATEGORIES) return null;
  return { subs: subs.map((c) => c.id), tops: tops.map((c) => c.id) };
}
