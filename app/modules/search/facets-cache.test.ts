import { describe, expect, it, vi } from "vitest";
import type { SearchFacets } from "./facets";
import { searchFacetsCache } from "./facets-cache";
import { planSearch, type SearchPlan } from "./query";

const paneer: SearchFacets = {
  categories: [{ id: "c-dairy", slug: "dairy-and-eggs", name: "dairy & eggs", count: 12 }],
  subs: [],
  brands: [],
};

/** A database stand-in whose lookups wait until the test lets them answer (or fail). */
function held() {
  const asked: string[] = [];
  const waiting: { resolve: (facets: SearchFacets) => void; reject: (error: Error) => void }[] = [];
  const fromDatabase = (storeId: string, plan: SearchPlan) => {
    asked.push(`${storeId}:${plan.text}`);
    return new Promise<SearchFacets>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const answer = async (facets: SearchFacets = paneer) => {
    for (const lookup of waiting.splice(0)) lookup.resolve(facets);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const fail = async () => {
    for (const lookup of waiting.splice(0)) lookup.reject(new Error("connection lost"));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { asked, fromDatabase, answer, fail };
}

/** Asks for a plan's facets twice, as two requests do: the second starts the lookup. */
function askTwice(facets: ReturnType<typeof searchFacetsCache>, storeId: string, q: string) {
  facets(storeId, planSearch(q));
  return facets(storeId, planSearch(q));
}

describe("remembered search facets", () => {
  it("answer at once, look a plan's facets up when it is asked for again, once, and use them when known", async () => {
    const db = held();
    const facets = searchFacetsCache(db.fromDatabase);
    facets.setHearing(true);
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    // A search made once is only noted.
    expect(db.asked).toEqual([]);
    expect(facets("store-a", planSearch("Paneer"))).toBeUndefined();
    // Asked again while the lookup is under way: no second lookup.
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    expect(Object.isFrozen(facets("store-a", planSearch("paneer")))).toBe(true);
    expect(askTwice(facets, "store-b", "paneer")).toBeUndefined();
    expect(db.asked).toEqual(["store-a:paneer", "store-b:paneer"]);
  });

  it("look up again after the catalogue changed, and keep nothing a lookup begun before it read", async () => {
    const db = held();
    const facets = searchFacetsCache(db.fromDatabase);
    facets.setHearing(true);
    askTwice(facets, "store-a", "paneer");
    facets.forget();
    await db.answer();
    expect(askTwice(facets, "store-a", "paneer")).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    facets.forget();
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    expect(db.asked).toHaveLength(2);
  });

  it("look nothing up before the process hears the database, or while it cannot", async () => {
    const db = held();
    const facets = searchFacetsCache(db.fromDatabase);
    expect(askTwice(facets, "store-a", "paneer")).toBeUndefined();
    facets.setHearing(true);
    askTwice(facets, "store-a", "paneer");
    await db.answer();
    facets.setHearing(false);
    expect(askTwice(facets, "store-a", "paneer")).toBeUndefined();
    expect(db.asked).toHaveLength(1);
  });

  it("run at most two lookups at once, leaving other plans for later requests", async () => {
    const db = held();
    const facets = searchFacetsCache(db.fromDatabase);
    facets.setHearing(true);
    for (const q of ["paneer", "atta", "jeera"]) askTwice(facets, "store-a", q);
    expect(db.asked).toEqual(["store-a:paneer", "store-a:atta"]);
    await db.answer();
    facets("store-a", planSearch("jeera"));
    expect(db.asked).toEqual(["store-a:paneer", "store-a:atta", "store-a:jeera"]);
  });

  it("report a failed lookup and try again on later requests", async () => {
    const db = held();
    const errors: unknown[] = [];
    const facets = searchFacetsCache(db.fromDatabase, { onError: (error) => errors.push(error) });
    facets.setHearing(true);
    askTwice(facets, "store-a", "paneer");
    await db.fail();
    expect(errors).toHaveLength(1);
    expect(askTwice(facets, "store-a", "paneer")).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    expect(db.asked).toHaveLength(2);
  });

  it("look up again once a plan's facets are older than a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const db = held();
      const facets = searchFacetsCache(db.fromDatabase);
      facets.setHearing(true);
      askTwice(facets, "store-a", "paneer");
      await db.answer();
      vi.advanceTimersByTime(59_000);
      expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
      vi.advanceTimersByTime(2_000);
      expect(askTwice(facets, "store-a", "paneer")).toBeUndefined();
      expect(db.asked).toHaveLength(2);
      // A plan seen once more than a minute ago is seen afresh.
      facets("store-a", planSearch("atta"));
      vi.advanceTimersByTime(61_000);
      facets("store-a", planSearch("atta"));
      expect(db.asked).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
