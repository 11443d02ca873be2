import { describe, expect, it } from "vitest";
import {
  firstQuantity,
  fitQuantity,
  isRightQuantity,
  largestQuantity,
  nextQuantity,
  orderUnits,
  previousQuantity,
  quantityProblem,
  roundedNote,
  SINGLE_UNITS,
  tierQuantityProblem,
  unitsLabel,
} from "./packs";

const minFivePacksOfSix = { minQty: 5, packOf: 6 };
const packsOfTwelve = { minQty: 1, packOf: 12 };
const minTen = { minQty: 10, packOf: 1 };

describe("minimum order quantities and case packs", () => {
  it("starts at the minimum rounded up to a whole pack", () => {
    expect(firstQuantity(SINGLE_UNITS)).toBe(1);
    expect(firstQuantity(minFivePacksOfSix)).toBe(6);
    expect(firstQuantity({ minQty: 13, packOf: 6 })).toBe(18);
    expect(firstQuantity(packsOfTwelve)).toBe(12);
    expect(firstQuantity(minTen)).toBe(10);
  });

  it("takes a quantity at or above the minimum in whole packs only", () => {
    expect(isRightQuantity(6, minFivePacksOfSix)).toBe(true);
    expect(isRightQuantity(12, minFivePacksOfSix)).toBe(true);
    expect(isRightQuantity(5, minFivePacksOfSix)).toBe(false);
    expect(isRightQuantity(7, minFivePacksOfSix)).toBe(false);
    expect(isRightQuantity(9, minTen)).toBe(false);
    expect(isRightQuantity(11, minTen)).toBe(true);
    expect(isRightQuantity(1, SINGLE_UNITS)).toBe(true);
  });

  it("rounds a typed quantity up to a right one, and keeps 0 as no line", () => {
    expect(fitQuantity(7, minFivePacksOfSix)).toBe(12);
    expect(fitQuantity(1, minFivePacksOfSix)).toBe(6);
    expect(fitQuantity(13, packsOfTwelve)).toBe(24);
    expect(fitQuantity(3, minTen)).toBe(10);
    expect(fitQuantity(14, minTen)).toBe(14);
    expect(fitQuantity(0, minTen)).toBe(0);
    expect(fitQuantity(Number.NaN, minTen)).toBe(0);
    expect(fitQuantity(2.7, SINGLE_UNITS)).toBe(2);
  });

  it("steps by the pack, and below the first quantity to none", () => {
    expect(nextQuantity(0, minFivePacksOfSix)).toBe(6);
    expect(nextQuantity(6, minFivePacksOfSix)).toBe(12);
    expect(nextQuantity(10, minTen)).toBe(11);
    expect(previousQuantity(12, minFivePacksOfSix)).toBe(6);
    expect(previousQuantity(6, minFivePacksOfSix)).toBe(0);
    expect(previousQuantity(10, minTen)).toBe(0);
    expect(previousQuantity(11, minTen)).toBe(10);
    expect(previousQuantity(1, SINGLE_UNITS)).toBe(0);
  });

  it("takes at most the whole packs the stock holds", () => {
    expect(largestQuantity(40, minFivePacksOfSix)).toBe(36);
    expect(largestQuantity(5, minFivePacksOfSix)).toBe(0);
    expect(largestQuantity(9999, SINGLE_UNITS)).toBe(9999);
    expect(largestQuantity(9, minTen)).toBe(0);
  });

  it("says the units on a card: Min 5 · in packs of 6", () => {
    expect(unitsLabel(minFivePacksOfSix)).toBe("Min 5 · in packs of 6");
    expect(unitsLabel(packsOfTwelve)).toBe("In packs of 12");
    expect(unitsLabel(minTen)).toBe("Min 10");
    expect(unitsLabel(SINGLE_UNITS)).toBeNull();
  });

  it("notes a typed quantity rounded up, saying why", () => {
    expect(roundedNote(7, 12, minFivePacksOfSix)).toBe("Rounded up to 12: sold in packs of 6.");
    expect(roundedNote(3, 10, minTen)).toBe("Rounded up to 10: the least you can order is 10.");
    expect(roundedNote(2, 6, minFivePacksOfSix)).toBe("Rounded up to 6: the least you can order is 6.");
    expect(roundedNote(12, 12, minFivePacksOfSix)).toBeNull();
  });

  it("names the server's refusal with the quantity to order instead", () => {
    expect(quantityProblem("Paper Cups 150 ml", 60, { minQty: 1, packOf: 50 })).toBe(
      "Paper Cups 150 ml is sold in packs of 50: order 100 instead of 60.",
    );
    expect(quantityProblem("Amul Butter 500 g", 2, { minQty: 5, packOf: 1 })).toBe(
      "Amul Butter 500 g is sold from 5 units: order 5 instead of 2.",
    );
    expect(quantityProblem("Eggs", 2, minFivePacksOfSix)).toBe(
      "Eggs is sold from 5 units, in packs of 6: order 6 instead of 2.",
    );
    expect(quantityProblem("Eggs", 12, minFivePacksOfSix)).toBeNull();
  });

  it("flags a price tier that no whole number of packs reaches as written", () => {
    expect(tierQuantityProblem(10, { minQty: 1, packOf: 6 })).toBe(
      "starts at 10, which is not a whole number of packs of 6: make it 12",
    );
    expect(tierQuantityProblem(12, { minQty: 1, packOf: 6 })).toBeNull();
    expect(tierQuantityProblem(10, SINGLE_UNITS)).toBeNull();
  });

  it("reads stored units, taking anything odd as 1", () => {
    expect(orderUnits({})).toEqual(SINGLE_UNITS);
    expect(orderUnits({ minQty: 5, packOf: 6 })).toEqual(minFivePacksOfSix);
    expect(orderUnits({ minQty: 0, packOf: 2.5 })).toEqual(SINGLE_UNITS);
    expect(orderUnits({ minQty: null, packOf: -3 })).toEqual(SINGLE_UNITS);
  });
});
