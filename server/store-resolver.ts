import type { Db } from "../app/db/client.server";
import { type CachedLookup, cachedLookup } from "../app/modules/cache/cached-lookup";
import { findStoreForHost, type Store } from "../app/modules/store/store.server";

/**
 * Resolves a request's host to its store, remembering answers for a few seconds so a busy
 * store does not read its settings on every request (app/modules/cache/cached-lookup.ts).
 */
export type StoreResolver = CachedLookup<string, Store | null>;

export function createStoreResolver(db: Db, ttlMs = 5_000): StoreResolver {
  return cachedLookup((host: string) => findStoreForHost(db, host), { ttlMs });
}
