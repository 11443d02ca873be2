import { cachedLookup } from "../cache/cached-lookup";
import type { SearchStarts } from "./start.server";

export interface RememberedSearchStarts extends SearchStarts {
  /** Forgets every start: the catalogue changed. */
  forget(): void;
  /** Whether the process hears the database's announcements; it forgets either way. */
  setHearing(hearing: boolean): void;
}

/**
 * Each search's start (its plan with the shop's synonyms, and its misspelt words' close spellings),
 * remembered per store and query until the catalogue changes: the words a catalogue uses change
 * only with its products, categories, brands and synonyms, never with stock. A shopper typing
 * 'basmti' and the next one who does are answered without the trigram lookup. While the process
 * cannot hear the database's announcements it remembers nothing, as it keeps no pages; the
 * minute bounds what a change it somehow missed could leave.
 */
export function searchStartsCache(fromDatabase: SearchStarts): RememberedSearchStarts {
  const starts = cachedLookup(
    (key: string) => {
      const cut = key.indexOf("\n");
      return fromDatabase(key.slice(0, cut), key.slice(cut + 1));
    },
    { ttlMs: 60_000, maxEntries: 10_000 },
  );
  let hearing = false;
  const start: SearchStarts = (storeId, q) => (hearing ? starts(`${storeId}\n${q}`) : fromDatabase(storeId, q));
  return Object.assign(start, {
    forget: starts.forget,
    setHearing(now: boolean) {
      hearing = now;
      starts.forget();
    },
  });
}
