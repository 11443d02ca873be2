import type { KnownFacets } from "../app/modules/catalog/listing.server";
import type { SearchFacets } from "../app/modules/catalog/search-facets";
import type { SearchPlan } from "../app/modules/search/query";

export interface RememberedSearchFacets extends KnownFacets {
  /** Forgets every search's facets: the catalogue changed. */
  forget(): void;
  /** Whether the process hears the database's announcements; it forgets either way. */
  setHearing(hearing: boolean): void;
}

/**
 * Where each search's matches lie (modules/catalog/search-facets.ts), per store and plan,
 * remembered until the catalogue changes, as search starts are (server/search-starts.ts): which
 * products match a search and where they belong change only with the products, categories,
 * brands and synonyms, never with stock.
 *
 * A request never waits for them: the first to need a plan's facets starts their lookup and goes
 * on without them, and later requests use them once they are known. So a new search costs no
 * shopper the aggregate over its matches (a few milliseconds for a word a tenth of the catalogue
 * holds), and a lookup that fails costs nothing but its absence: the next request tries again.
 * While the process cannot hear the database's announcements it looks nothing up (it could not
 * know when to forget); the minute bounds what a change it somehow missed could leave.
 */
export function rememberSearchFacets(
  fromDatabase: (storeId: string, plan: SearchPlan) => Promise<SearchFacets>,
  {
    ttlMs = 60_000,
    maxEntries = 2_000,
    onError,
  }: { ttlMs?: number; maxEntries?: number; onError?: (error: unknown) => void } = {},
): RememberedSearchFacets {
  const known = new Map<string, { facets?: SearchFacets; until: number }>();
  // A lookup that began before `forget` may have read what has since changed: it is not kept.
  let generation = 0;
  let hearing = false;
  const lookUp = (key: string, storeId: string, plan: SearchPlan) => {
    const began = generation;
    // A plan's facets are a few dozen entries; the bound is for queries made up to fill memory.
    if (known.size >= maxEntries) known.clear();
    known.set(key, { until: Number.POSITIVE_INFINITY });
    fromDatabase(storeId, plan).then(
      (facets) => {
        if (began === generation) known.set(key, { facets: Object.freeze(facets), until: Date.now() + ttlMs });
      },
      (error: unknown) => {
        if (began === generation) known.delete(key);
        onError?.(error);
      },
    );
  };
  const facetsOf: KnownFacets = (storeId, plan) => {
    if (!hearing) return undefined;
    // The plan's units are what its matches depend on (exactMatch); its text is not.
    const key = `${storeId}\n${JSON.stringify(plan.units)}`;
    const entry = known.get(key);
    if (entry?.facets && entry.until > Date.now()) return entry.facets;
    if (!entry || entry.facets) lookUp(key, storeId, plan);
    return undefined;
  };
  const forget = () => {
    generation += 1;
    known.clear();
  };
  return Object.assign(facetsOf, {
    forget,
    setHearing(now: boolean) {
      hearing = now;
      forget();
    },
  });
}
