import { describe, expect, it } from "vitest";
import type { SearchFacets } from "../app/modules/catalog/search-facets";
import { planSearch, type SearchPlan } from "../app/modules/search/query";
import { rememberSearchFacets } from "./search-facets";

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

describe("remembered search facets", () => {
  it("answer at once, look a plan's facets up once, and use them when known", async () => {
    const db = held();
    const facets = rememberSearchFacets(db.fromDatabase);
    facets.setHearing(true);
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    // Asked again while the lookup is under way: no second lookup.
    expect(facets("store-a", planSearch("Paneer"))).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    expect(Object.isFrozen(facets("store-a", planSearch("paneer")))).toBe(true);
    expect(facets("store-b", planSearch("paneer"))).toBeUndefined();
    expect(db.asked).toEqual(["store-a:paneer", "store-b:paneer"]);
  });

  it("look up again after the catalogue changed, and keep nothing a lookup begun before it read", async () => {
    const db = held();
    const facets = rememberSearchFacets(db.fromDatabase);
    facets.setHearing(true);
    facets("store-a", planSearch("paneer"));
    facets.forget();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    facets.forget();
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    expect(db.asked).toHaveLength(3);
  });

  it("look nothing up before the process hears the database, or while it cannot", async () => {
    const db = held();
    const facets = rememberSearchFacets(db.fromDatabase);
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    facets.setHearing(true);
    facets("store-a", planSearch("paneer"));
    await db.answer();
    facets.setHearing(false);
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    expect(db.asked).toHaveLength(1);
  });

  it("report a failed lookup and try again on the next request", async () => {
    const db = held();
    const errors: unknown[] = [];
    const facets = rememberSearchFacets(db.fromDatabase, { onError: (error) => errors.push(error) });
    facets.setHearing(true);
    facets("store-a", planSearch("paneer"));
    await db.fail();
    expect(errors).toHaveLength(1);
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toEqual(paneer);
    expect(db.asked).toHaveLength(2);
  });

  it("look up again once a plan's facets are older than a minute", async () => {
    const db = held();
    const facets = rememberSearchFacets(db.fromDatabase, { ttlMs: 0 });
    facets.setHearing(true);
    facets("store-a", planSearch("paneer"));
    await db.answer();
    expect(facets("store-a", planSearch("paneer"))).toBeUndefined();
    expect(db.asked).toHaveLength(2);
  });
});
