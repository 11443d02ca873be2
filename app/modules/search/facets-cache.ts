import type { SearchFacets } from "./facets";
import type { KnownFacets } from "./facets.server";
import type { SearchPlan } from "./query";

export interface RememberedSearchFacets extends KnownFacets {
  /** Forgets every search's facets: the catalogue changed. */
  forget(): void;
  /** Whether the process hears the database's announcements; it forgets either way. */
  setHearing(hearing: boolean): void;
}

/**
 * Where each search's matches lie (modules/search/facets.ts), per store and plan,
 * remembered until the catalogue changes, as search starts are (search/start-cache.ts): which
 * products match a search and where they belong change only with the products, categories,
 * brands and synonyms, never with stock.
 *
 * A request never waits for them. Looking a plan's facets up is an aggregate over all its
 * matches (at 100,000 products, 5-60 ms of the database's time for the bench's words), worth it
 * for a search shoppers make again and again, not for one made once: the first filtered request
 * for a plan only notes it, the next one within the minute starts the lookup and goes on
 * without, and later requests use the facets once they are known. At most `maxLookups` run at
 * once; a request that finds them all busy leaves its plan for a later one. A lookup that fails
 * costs nothing but its absence. While the process cannot hear the database's announcements it
 * looks nothing up (it could not know when to forget); the minute bounds what a change it
 * somehow missed could leave.
 */
export function searchFacetsCache(
  fromDatabase: (storeId: string, plan: SearchPlan) => Promise<SearchFacets>,
  {
    ttlMs = 60_000,
    maxEntries = 2_000,
    maxLookups = 2,
    onError,
  }: { ttlMs?: number; maxEntries?: number; maxLookups?: number; onError?: (error: unknown) => void } = {},
): RememberedSearchFacets {
  // A plan seen once (no facets), being looked up (no facets, no end), or known until `until`.
  const known = new Map<string, { facets?: SearchFacets; until: number }>();
  // A lookup that began before `forget` may have read what has since changed: it is not kept.
  let generation = 0;
  let hearing = false;
  let lookups = 0;
  const lookUp = (key: string, storeId: string, plan: SearchPlan) => {
    const began = generation;
    lookups += 1;
    known.set(key, { until: Number.POSITIVE_INFINITY });
    fromDatabase(storeId, plan)
      .then(
        (facets) => {
          if (began === generation) known.set(key, { facets: Object.freeze(facets), until: Date.now() + ttlMs });
        },
        (error: unknown) => {
          if (began === generation) known.delete(key);
          onError?.(error);
        },
      )
      .finally(() => {
        lookups -= 1;
      });
  };
  const facetsOf: KnownFacets = (storeId, plan) => {
    if (!hearing) return undefined;
    // The plan's units are what its matches depend on (exactMatch); its text is not.
    const key = `${storeId}\n${JSON.stringify(plan.units)}`;
    const now = Date.now();
    const entry = known.get(key);
    if (entry && entry.until > now) {
      if (entry.facets) return entry.facets;
      // Seen once within the minute: this is the second time.
      if (entry.until !== Number.POSITIVE_INFINITY && lookups < maxLookups) lookUp(key, storeId, plan);
      return undefined;
    }
    // A plan's facets are a few dozen entries; the bound is for queries made up to fill memory.
    if (!entry && known.size >= maxEntries) known.clear();
    known.set(key, { until: now + ttlMs });
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
