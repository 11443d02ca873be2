import { describe, expect, it } from "vitest";
import {
  bestPrice,
  isTierQuantity,
  listingDiscount,
  matchesDiscount,
  matchesPriceRange,
  type PriceFields,
  percentOff,
  quantityTiers,
  tierUnitPrice,
} from "./rules";

const ghee: PriceFields = {
  mrp: 650_00,
  salePrice1: 600_00,
  salePrice2: 580_00,
  saleQty2: 5,
  salePrice3: 560_00,
  saleQty3: 10,
};

describe("tier pricing", () => {
  it("uses salePrice1 below the first tier", () => {
    expect(tierUnitPrice(ghee, 1)).toBe(600_00);
    expect(tierUnitPrice(ghee, 4)).toBe(600_00);
  });

  it("uses salePrice2 from saleQty2 and salePrice3 from saleQty3", () => {
    expect(tierUnitPrice(ghee, 5)).toBe(580_00);
    expect(tierUnitPrice(ghee, 9)).toBe(580_00);
    expect(tierUnitPrice(ghee, 10)).toBe(560_00);
    expect(tierUnitPrice(ghee, 500)).toBe(560_00);
  });

  it("lets the highest qualifying quantity win even when tiers are entered out of order", () => {
    const swapped = { ...ghee, saleQty2: 10, salePrice2: 560_00, saleQty3: 5, salePrice3: 580_00 };
    expect(tierUnitPrice(swapped, 7)).toBe(580_00);
    expect(tierUnitPrice(swapped, 12)).toBe(560_00);
    expect(quantityTiers(swapped).map((t) => t.minQty)).toEqual([5, 10]);
  });

  it("counts a tier only if its quantity is a positive finite number", () => {
    expect(isTierQuantity(5)).toBe(true);
    expect(isTierQuantity(0)).toBe(false);
    expect(isTierQuantity(-3)).toBe(false);
    expect(isTierQuantity(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isTierQuantity(Number.NaN)).toBe(false);
    expect(isTierQuantity("5")).toBe(false);
    expect(isTierQuantity(null)).toBe(false);
    const broken = { ...ghee, saleQty2: 0, saleQty3: Number.NaN };
    expect(quantityTiers(broken)).toEqual([]);
    expect(tierUnitPrice(broken, 100)).toBe(600_00);
  });

  it("falls back to MRP when there is no sale price", () => {
    expect(tierUnitPrice({ ...ghee, salePrice1: null }, 1)).toBe(650_00);
  });
});

describe("percent off", () => {
  it("rounds (mrp - price) / mrp", () => {
    expect(percentOff(650_00, 600_00)).toBe(8); // 7.69%
    expect(percentOff(200_00, 150_00)).toBe(25);
    expect(percentOff(300_00, 199_00)).toBe(34); // 33.67%
  });

  it("is 0 without a saving or without an MRP", () => {
    expect(percentOff(100_00, 100_00)).toBe(0);
    expect(percentOff(100_00, 120_00)).toBe(0);
    expect(percentOff(null, 50_00)).toBe(0);
  });
});

describe("listing price and discount filters", () => {
  it("uses the lowest positive sale price, falling back to MRP", () => {
    expect(bestPrice(ghee)).toBe(560_00);
    expect(bestPrice({ ...ghee, salePrice2: 0, salePrice3: null })).toBe(600_00);
    expect(bestPrice({ ...ghee, salePrice1: null, salePrice2: null, salePrice3: null })).toBe(650_00);
  });

  it("treats min and max as inclusive", () => {
    expect(matchesPriceRange(ghee, 560_00, 560_00)).toBe(true);
    expect(matchesPriceRange(ghee, 560_01, null)).toBe(false);
    expect(matchesPriceRange(ghee, null, 559_99)).toBe(false);
    expect(matchesPriceRange(ghee, null, null)).toBe(true);
  });

  it("compares the rounded discount of the best price with the chosen value", () => {
    // (650 - 560) / 650 = 13.85% -> 14
    expect(listingDiscount(ghee)).toBe(14);
    expect(matchesDiscount(ghee, 14)).toBe(true);
    expect(matchesDiscount(ghee, 15)).toBe(false);
  });

  it("excludes products with no MRP above the best price", () => {
    const noSaving = { ...ghee, mrp: 560_00 };
    expect(listingDiscount(noSaving)).toBeNull();
    expect(matchesDiscount(noSaving, 0)).toBe(false);
    expect(matchesDiscount({ ...ghee, mrp: null }, 5)).toBe(false);
  });
});
