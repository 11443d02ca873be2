import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartLine,
  cartItemCount,
  cartLineId,
  cartSubtotal,
  decrementLine,
  floorQuantity,
  incrementLine,
  type NewCartLine,
  removeLine,
  setQuantity,
} from "./rules";

const cups: NewCartLine = {
  name: "Paper Cups 150 ml (pack of 50)",
  photo: null,
  sku: "CUP150",
  size: null,
  isSet: false,
  setSizes: [],
  meta: {
    productId: "p1",
    baseUnitPrice: 120_00,
    salePrice2: 110_00,
    saleQty2: 10,
    salePrice3: 100_00,
    saleQty3: 25,
  },
};

describe("a product sold from a minimum, in packs (issue 59)", () => {
  const eggs: NewCartLine = { ...cups, name: "Eggs", meta: { ...cups.meta, productId: "eggs", minQty: 5, packOf: 6 } };
  const id = cartLineId("eggs", null);

  it("is added at its first right quantity, and a typed quantity is rounded up", () => {
    const added = addToCart([], eggs, 1);
    expect(added[0]?.qty).toBe(6);
    expect(setQuantity(added, id, 7)[0]?.qty).toBe(12);
    expect(addToCart(added, eggs, 1)[0]?.qty).toBe(12);
  });

  it("steps a pack at a time, and goes below its minimum only by going", () => {
    const added = addToCart([], eggs, 12);
    expect(incrementLine(added, id)[0]?.qty).toBe(18);
    expect(decrementLine(added, id)[0]?.qty).toBe(6);
    expect(decrementLine(decrementLine(added, id), id)).toEqual([]);
  });
});

describe("cart line identity", () => {
  it("is product id plus size plus sorted set sizes", () => {
    expect(cartLineId("p1", "M", ["XL", "S"])).toBe(cartLineId("p1", "M", ["S", "XL"]));
    expect(cartLineId("p1", "M")).not.toBe(cartLineId("p1", "L"));
    expect(cartLineId("p1", null)).not.toBe(cartLineId("p2", null));
  });
});

describe("cart operations", () => {
  it("adding an existing line adds to its quantity and reprices at the tier", () => {
    let cart: CartLine[] = addToCart([], cups, 6);
    expect(cart[0]?.unitPrice).toBe(120_00);
    cart = addToCart(cart, cups, 4);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.qty).toBe(10);
    expect(cart[0]?.unitPrice).toBe(110_00);
    cart = setQuantity(cart, cart[0]?.id ?? "", 25);
    expect(cart[0]?.unitPrice).toBe(100_00);
    expect(cartSubtotal(cart)).toBe(2500_00);
  });

  it("keeps different sizes as different lines", () => {
    const cart = addToCart(addToCart([], { ...cups, size: "150 ml" }, 1), { ...cups, size: "200 ml" }, 1);
    expect(cart).toHaveLength(2);
    expect(cartItemCount(cart)).toBe(2);
  });

  it("removes a line set to 0 or decremented from 1", () => {
    const cart = addToCart([], cups, 1);
    const id = cart[0]?.id ?? "";
    expect(setQuantity(cart, id, 0)).toEqual([]);
    expect(decrementLine(cart, id)).toEqual([]);
    expect(removeLine(cart, id)).toEqual([]);
  });

  it("floors quantities and never lets them go negative", () => {
    expect(floorQuantity(2.9)).toBe(2);
    expect(floorQuantity(-3)).toBe(0);
    expect(floorQuantity(Number.NaN)).toBe(0);
    const cart = addToCart([], cups, 3.7);
    expect(cart[0]?.qty).toBe(3);
    expect(setQuantity(cart, cart[0]?.id ?? "", -5)).toEqual([]);
    expect(addToCart([], cups, -1)).toEqual([]);
  });
});
