import { describe, expect, it } from "vitest";
import { importMovements } from "./import-movements";

const product = { productId: "p1", trackInventory: true, inventory: 40, sizes: [] };

describe("an import's rows in the stock ledger", () => {
  it("a new product's stock moves from nothing", () => {
    expect(importMovements(undefined, product)).toEqual([{ productId: "p1", size: null, change: 40 }]);
  });

  it("a changed count moves by the difference; an unchanged one makes no row", () => {
    expect(importMovements({ ...product, inventory: 55 }, product)).toEqual([
      { productId: "p1", size: null, change: -15 },
    ]);
    expect(importMovements(product, product)).toEqual([]);
  });

  it("sizes that hold the stock move one by one, a new size from nothing", () => {
    const before = { ...product, sizes: [{ label: "250 ml", inventory: 10 }] };
    const after = {
      ...product,
      sizes: [
        { label: "250 ml", inventory: 12 },
        { label: "500 ml", inventory: 6 },
      ],
    };
    expect(importMovements(before, after)).toEqual([
      { productId: "p1", size: "250 ml", change: 2 },
      { productId: "p1", size: "500 ml", change: 6 },
    ]);
  });

  it("untracked stock makes no row, and starting to track it counts from nothing", () => {
    expect(importMovements(undefined, { ...product, trackInventory: false })).toEqual([]);
    expect(importMovements({ ...product, trackInventory: false, inventory: 99 }, product)).toEqual([
      { productId: "p1", size: null, change: 40 },
    ]);
  });
});
