/**
 * An answer looked up by key and remembered for a few seconds, so that a busy process does not
 * ask the database the same question on every request. What changes in the database shows
 * within `ttlMs` on every process, or at once after `forget` (the process heard of the change);
 * nothing here is state that must be shared between processes.
 */
export interface CachedLookup<K, V> {
  (key: K): Promise<V>;
  /** Drops every remembered answer, and any lookup still under way. */
  forget(): void;
}

export function cachedLookup<K, V>(
  lookUp: (key: K) => Promise<V>,
  { ttlMs, maxEntries = 1000 }: { ttlMs: number; maxEntries?: number },
): CachedLookup<K, V> {
  const cache = new Map<K, { value?: V; until: number; pending?: Promise<V> }>();
  // A lookup that began before `forget` may have read what has since changed: it is not remembered.
  let generation = 0;
  const find = async (key: K): Promise<V> => {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value as V;
    // Requests that arrive while the answer is being looked up share the one lookup.
    if (hit?.pending) return hit.pending;
    const began = generation;
    const pending = lookUp(key);
    // Keys are few (hosts, stores); should they not be, the memory stays bounded.
    if (!hit && cache.size >= maxEntries) cache.clear();
    cache.set(key, { until: 0, pending });
    try {
      const value = await pending;
      if (began === generation) cache.set(key, { value, until: now + ttlMs });
      return value;
    } catch (error) {
      if (began === generation) cache.delete(key);
      throw error;
    }
  };
  return Object.assign(find, {
    forget() {
      generation += 1;
      cache.clear();
    },
  });
}
