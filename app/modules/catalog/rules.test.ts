import { describe, expect, it } from "vitest";
import { checkPurchase, isActiveProduct, maxPurchasable, OVER_STOCK_MESSAGE, stockState, vegMarker } from "./rules";

describe("active product", () => {
  it.each([true, "true", 1, "1", undefined, null])("%s is active", (value) => {
    expect(isActiveProduct(value)).toBe(true);
  });
  it.each([false, "false", 0, "0", "yes", 2])("%s is not active", (value) => {
    expect(isActiveProduct(value)).toBe(false);
  });
});

describe("stock state", () => {
  it("above 10 is in stock", () => {
    expect(stockState(11)).toEqual({ kind: "in-stock", label: "In stock" });
  });
  it("1 to 10 is low stock with the count", () => {
    expect(stockState(10)).toEqual({ kind: "low-stock", count: 10, label: "Low stock (10)" });
    expect(stockState(1)).toEqual({ kind: "low-stock", count: 1, label: "Low stock (1)" });
  });
  it("0 or less is sold out", () => {
    expect(stockState(0).kind).toBe("sold-out");
    expect(stockState(-4)).toEqual({ kind: "sold-out", label: "Sold out" });
  });
  it("unknown or untracked inventory shows no badge", () => {
    expect(stockState(null).kind).toBe("unknown");
    expect(stockState(undefined).kind).toBe("unknown");
    expect(stockState(50, false).kind).toBe("unknown");
  });
});

describe("buying limits", () => {
  it("caps at the inventory, or 9999 when unknown", () => {
    expect(maxPurchasable(7)).toBe(7);
    expect(maxPurchasable(null)).toBe(9999);
    expect(maxPurchasable(3, false)).toBe(9999);
    expect(maxPurchasable(-2)).toBe(0);
  });
  it("needs inventory above 0, quantity above 0 and not over inventory", () => {
    expect(checkPurchase(5, 5)).toEqual({ ok: true });
    expect(checkPurchase(6, 5)).toEqual({ ok: false, message: OVER_STOCK_MESSAGE });
    expect(checkPurchase(1, 0)).toEqual({ ok: false, message: OVER_STOCK_MESSAGE });
    expect(checkPurchase(0, 5)).toEqual({ ok: false, message: OVER_STOCK_MESSAGE });
    expect(checkPurchase(9999, null)).toEqual({ ok: true });
    expect(checkPurchase(10000, null).ok).toBe(false);
  });
  it("uses the spec's alert text", () => {
    expect(OVER_STOCK_MESSAGE).toBe("Selected quantity exceeds available inventory.");
  });
});

describe("veg dot", () => {
  it("is shown for green, brown or red and green when it contains green", () => {
    expect(vegMarker("green")).toBe("green");
    expect(vegMarker("Veg (Green)")).toBe("green");
    expect(vegMarker("brown")).toBe("brown");
    expect(vegMarker("RED")).toBe("red");
  });
  it("is hidden otherwise", () => {
    expect(vegMarker("")).toBeNull();
    expect(vegMarker(null)).toBeNull();
    expect(vegMarker("vegan")).toBeNull();
  });
});
