import { describe, expect, it, vi } from "vitest";
import { cachedLookup } from "./cached-lookup";

/** A lookup whose answers the test gives, one by one, counting the questions. */
function controlledLookUp() {
  const waiting: { key: string; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const lookUp = vi.fn(
    (key: string) => new Promise<string>((resolve, reject) => waiting.push({ key, resolve, reject })),
  );
  const answer = (value: string) => waiting.shift()?.resolve(value);
  const fail = (error: Error) => waiting.shift()?.reject(error);
  return { lookUp, answer, fail };
}

describe("cachedLookup", () => {
  it("asks once for a key while the answer is fresh, and again after ttlMs", async () => {
    vi.useFakeTimers();
    try {
      const { lookUp, answer } = controlledLookUp();
      const find = cachedLookup(lookUp, { ttlMs: 5_000 });
      const first = find("a");
      const together = find("a");
      answer("A1");
      expect(await first).toBe("A1");
      expect(await together).toBe("A1");
      expect(await find("a")).toBe("A1");
      expect(lookUp).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5_001);
      const later = find("a");
      answer("A2");
      expect(await later).toBe("A2");
      expect(lookUp).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps each key's answer apart", async () => {
    const find = cachedLookup(async (key: string) => key.toUpperCase(), { ttlMs: 60_000 });
    expect(await find("a")).toBe("A");
    expect(await find("b")).toBe("B");
  });

  it("asks again after forget, and does not keep an answer looked up before it", async () => {
    const { lookUp, answer } = controlledLookUp();
    const find = cachedLookup(lookUp, { ttlMs: 60_000 });
    const stale = find("a");
    find.forget();
    const fresh = find("a");
    answer("old");
    answer("new");
    // Whoever asked before forget gets the answer of their time; nobody else does.
    expect(await stale).toBe("old");
    expect(await fresh).toBe("new");
    expect(await find("a")).toBe("new");
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it("does not remember a failure: the next request asks again", async () => {
    const { lookUp, answer, fail } = controlledLookUp();
    const find = cachedLookup(lookUp, { ttlMs: 60_000 });
    const failing = find("a");
    fail(new Error("database down"));
    await expect(failing).rejects.toThrow("database down");
    const retry = find("a");
    answer("A");
    expect(await retry).toBe("A");
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it("starts afresh rather than grow past maxEntries", async () => {
    const lookUp = vi.fn(async (key: string) => key);
    const find = cachedLookup(lookUp, { ttlMs: 60_000, maxEntries: 2 });
    await find("a");
    await find("b");
    await find("a");
    expect(lookUp).toHaveBeenCalledTimes(2);
    // A third key is more than the two kept: everything is dropped, and "a" is asked again.
    await find("c");
    await find("c");
    await find("a");
    expect(lookUp).toHaveBeenCalledTimes(4);
  });
});
