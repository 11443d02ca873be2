import type { Db } from "../app/db/client.server";
import { findStoreForHost, type Store } from "../app/modules/store/store.server";

/**
 * Resolves a request's host to its store, remembering answers for a few seconds so a busy
 * store does not read its settings on every request. Settings changed in the database show
 * within `ttlMs` on every process, or at once after `forget` (the process heard of the change);
 * nothing here is state that must be shared.
 */
export interface StoreResolver {
  (host: string): Promise<Store | null>;
  /** Drops every remembered answer, and any lookup still under way. */
  forget(): void;
}

export function createStoreResolver(db: Db, ttlMs = 5_000): StoreResolver {
  const cache = new Map<string, { store: Store | null; until: number; pending?: Promise<Store | null> }>();
  // A lookup that began before `forget` may have read the old settings: it is not remembered.
  let generation = 0;
  const findStore = async (host: string): Promise<Store | null> => {
    const now = Date.now();
    const hit = cache.get(host);
    if (hit && hit.until > now) return hit.store;
    if (hit?.pending) return hit.pending;
    const began = generation;
    const pending = findStoreForHost(db, host);
    cache.set(host, { store: hit?.store ?? null, until: 0, pending });
    try {
      const store = await pending;
      if (began === generation) {
        if (cache.size > 1000) cache.clear();
        cache.set(host, { store, until: now + ttlMs });
      }
      return store;
    } catch (error) {
      if (began === generation) cache.delete(host);
      throw error;
    }
  };
  return Object.assign(findStore, {
    forget() {
      generation += 1;
      cache.clear();
    },
  });
}
