import { describe, expect, it } from "vitest";
import { planSearch } from "./query";
import type { SearchStart } from "./start.server";
import { searchStartsCache } from "./start-cache";

/** A database stand-in that counts the starts it is asked for. */
function counted() {
  const asked: string[] = [];
  const fromDatabase = async (storeId: string, q: string): Promise<SearchStart> => {
    asked.push(`${storeId}:${q}`);
    return { plan: planSearch(q) };
  };
  return { asked, fromDatabase };
}

describe("remembered search starts", () => {
  it("remember each store's start of a query while the process hears the database", async () => {
    const { asked, fromDatabase } = counted();
    const starts = searchStartsCache(fromDatabase);
    starts.setHearing(true);
    const first = await starts("store-a", "basmti");
    expect(await starts("store-a", "basmti")).toBe(first);
    await starts("store-b", "basmti");
    await starts("store-a", "basmti rice");
    expect(asked).toEqual(["store-a:basmti", "store-b:basmti", "store-a:basmti rice"]);
  });

  it("ask again after the catalogue changed", async () => {
    const { asked, fromDatabase } = counted();
    const starts = searchStartsCache(fromDatabase);
    starts.setHearing(true);
    await starts("store-a", "panner");
    starts.forget();
    await starts("store-a", "panner");
    expect(asked).toEqual(["store-a:panner", "store-a:panner"]);
  });

  it("remember nothing before the process hears the database, or while it cannot", async () => {
    const { asked, fromDatabase } = counted();
    const starts = searchStartsCache(fromDatabase);
    await starts("store-a", "atta");
    await starts("store-a", "atta");
    starts.setHearing(true);
    await starts("store-a", "atta");
    await starts("store-a", "atta");
    starts.setHearing(false);
    await starts("store-a", "atta");
    await starts("store-a", "atta");
    expect(asked).toHaveLength(5);
  });
});
