import { describe, expect, it } from "vitest";
import { type ListingFilters, NO_FILTERS, SORTS } from "./listing";
import { listingShape } from "./listing-sql.server";

/**
 * A listing's statement is kept per shape (ADR 0026): two listings whose statements differ must
 * never share a shape, or one would run the other's statement and ignore a filter.
 */
const OPTIONAL = {
  category: ["dairy-and-eggs", "Dairy & Eggs"],
  sub: ["butter"],
  brandId: ["6a1b3c5d-1234-4abc-9def-0123456789ab"],
  brand: ["amul", "Mother Dairy"],
  disc: [0, 20],
  min: [0, 150],
  max: [400],
} as const;
type Optional = keyof typeof OPTIONAL;
const NAMES = Object.keys(OPTIONAL) as Optional[];

/** Which conditions the statement holds, by the listing's rules: a brand id wins over a brand name. */
function conditions(filters: ListingFilters): string {
  return [
    filters.category ? "category" : "",
    filters.sub ? "sub" : "",
    filters.brandId ? "brandId" : filters.brand ? "brand" : "",
    filters.disc !== null ? "disc" : "",
    filters.min !== null ? "min" : "",
    filters.max !== null ? "max" : "",
    filters.sort,
  ].join(",");
}

function* everyListing(): Generator<ListingFilters> {
  for (const sort of SORTS.map((s) => s.value)) {
    for (let mask = 0; mask < 1 << NAMES.length; mask++) {
      // Each present filter with its first value, and again with its last.
      for (const pick of [0, -1]) {
        const filters: Record<string, unknown> = { ...NO_FILTERS, sort };
        NAMES.forEach((name, i) => {
          if (mask & (1 << i)) filters[name] = OPTIONAL[name].at(pick);
        });
        yield filters as unknown as ListingFilters;
      }
    }
  }
}

describe("a listing's statement shape", () => {
  it("is the same for two listings exactly when their statements hold the same conditions and sort", () => {
    const byShape = new Map<string, string>();
    const byConditions = new Map<string, string>();
    let listings = 0;
    for (const filters of everyListing()) {
      listings++;
      const shape = listingShape(filters);
      const held = conditions(filters);
      expect(byShape.get(shape) ?? held).toBe(held);
      expect(byConditions.get(held) ?? shape).toBe(shape);
      byShape.set(shape, held);
      byConditions.set(held, shape);
    }
    expect(listings).toBe(3 * 128 * 2);
    // 3 sorts x 2^6 (brand by id or by name or neither: 3 of the 4 pairs) = 3 x 96.
    expect(byShape.size).toBe(3 * 96);
  });

  it("treats an empty category, sub-category or brand as none, and zero as a real bound", () => {
    expect(listingShape({ ...NO_FILTERS, category: "", sub: "", brand: "" })).toBe(listingShape(NO_FILTERS));
    expect(listingShape({ ...NO_FILTERS, min: 0 })).not.toBe(listingShape(NO_FILTERS));
    expect(listingShape({ ...NO_FILTERS, disc: 0 })).not.toBe(listingShape(NO_FILTERS));
  });
});
