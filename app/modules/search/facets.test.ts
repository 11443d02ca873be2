import { describe, expect, it } from "vitest";
import { type ListingFilters, NO_FILTERS } from "../catalog/listing";
import { mostUnderFilters, type SearchFacets } from "./facets";

// Where 'paneer' lies in a small shop: dairy holds 12 (10 in Cheese & Paneer), frozen foods 3.
const paneer: SearchFacets = {
  categories: [
    { id: "c-dairy", slug: "dairy-and-eggs", name: "dairy & eggs", count: 12 },
    { id: "c-frozen", slug: "frozen-foods", name: "frozen foods", count: 3 },
  ],
  subs: [{ id: "s-cheese", slug: "cheese-and-paneer", name: "cheese & paneer", count: 10 }],
  brands: [
    { id: "0b8c1a52-3d7e-4f4b-9a61-2f1d5c7e9a10", slug: "amul", name: "amul", count: 7 },
    { id: "1c9d2b63-4e8f-4a5c-8b72-3a2e6d8f0b21", slug: "gowardhan", name: "gowardhan", count: 2 },
  ],
};

const under = (filters: Partial<ListingFilters>) =>
  mostUnderFilters(paneer, { ...NO_FILTERS, q: "paneer", ...filters });

describe("how many of a search's matches a listing's filters can hold", () => {
  it("cannot tell without a category, sub-category or brand", () => {
    expect(under({})).toBeNull();
    expect(under({ min: 100, max: 500, disc: 20, sort: "priceAsc" })).toBeNull();
  });

  it("counts the matches of the category, sub-category or brand a link names by slug or by name", () => {
    expect(under({ category: "dairy-and-eggs" })).toBe(12);
    expect(under({ category: "Dairy & Eggs" })).toBe(12);
    expect(under({ sub: "cheese-and-paneer" })).toBe(10);
    expect(under({ brand: "amul" })).toBe(7);
    expect(under({ brand: "AMUL" })).toBe(7);
    expect(under({ brandId: "1C9D2B63-4E8F-4A5C-8B72-3A2E6D8F0B21" })).toBe(2);
  });

  it("knows that a category, sub-category or brand holding no match leaves nothing to list", () => {
    expect(under({ category: "bakery-and-baking" })).toBe(0);
    expect(under({ sub: "frozen-vegetables" })).toBe(0);
    expect(under({ brand: "tata-sampann" })).toBe(0);
    expect(under({ brandId: "2d0e3c74-5f90-4b6d-9c83-4b3f7e901c32" })).toBe(0);
    // A slug is compared as it is, like the listing's statement does.
    expect(under({ category: "Dairy-And-Eggs" })).toBe(0);
  });

  it("takes the fewest of several filters, and none when any of them holds none", () => {
    expect(under({ category: "dairy-and-eggs", sub: "cheese-and-paneer", brand: "amul" })).toBe(7);
    expect(under({ category: "dairy-and-eggs", brand: "gowardhan" })).toBe(2);
    expect(under({ category: "frozen-foods", brand: "tata-sampann" })).toBe(0);
  });

  it("cannot tell for a name outside ASCII, whose lower case PostgreSQL may write differently", () => {
    expect(under({ category: "Dairy & Eggs É" })).toBeNull();
    // ... unless another filter already leaves nothing.
    expect(under({ category: "Dairy & Eggs É", brand: "tata-sampann" })).toBe(0);
  });
});
