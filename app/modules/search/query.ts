/**
 * Turning what a shopper types into what the catalogue search looks for. Pure, so the rules
 * are tested without a database; modules/search/search.server.ts turns the result into SQL.
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

/** The longest query the search reads; the rest is ignored. */
export const MAX_QUERY_LENGTH = 100;
const MAX_WORDS = 8;
/** Words shorter than this are never matched loosely: 'oil' would resemble too much. */
export const MIN_FUZZY_LENGTH = 4;

/** Lower case, letters and digits only, single spaces: the form search_text is kept in. */
export function normaliseSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
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

/**
 * Splits a query into units. A run of words equal to a synonym term (longest first) becomes one
 * unit holding the whole group: 'wheat flour 10 kg' gives [atta | wheat flour | gehun], [10], [kg].
 */
export function planSearch(query: string, extraGroups: readonly (readonly string[])[] = []): SearchPlan {
  const text = normaliseSearchText(query.slice(0, MAX_QUERY_LENGTH));
  const words = text
    .split(" ")
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
  const groups = normaliseGroups([...BUILT_IN_SYNONYMS, ...extraGroups]);
  const units: SearchUnit[] = [];
  let i = 0;
  while (i < words.length) {
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
      for (const group of groups) if (group.includes(phrase)) for (const t of group) merged.add(t);
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
    fuzzyWords: words.filter((w) => w.length >= MIN_FUZZY_LENGTH && !/^\d+$/.test(w)),
  };
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
