import type { Db } from "../app/db/client.server";
import { findStoreForHost, type Store } from "../app/modules/store/store.server";

/**
 * Resolves a request's host to its store, remembering answers for a few seconds so a busy
 * store does not read its settings on every request. Settings changed in the database show
 * within `ttlMs` on every process; nothing here is state that must be shared.
 */
export function createStoreResolver(db: Db, ttlMs = 5_000) {
  const cache = new Map<string, { store: Store | null; until: number; pending?: Promise<Store | null> }>();
  return async function findStore(host: string): Promise<Store | null> {
    const now = Date.now();
    const hit = cache.get(host);
    if (hit && hit.until > now) return hit.store;
    if (hit?.pending) return hit.pending;
    const pending = findStoreForHost(db, host);
    cache.set(host, { store: hit?.store ?? null, until: 0, pending });
    try {
      const store = await pending;
      if (cache.size > 1000) cache.clear();
      cache.set(host, { store, until: now + ttlMs });
      return store;
    } catch (error) {
      cache.delete(host);
      throw error;
    }
  };
}
