import { describe, expect, it } from "vitest";
import { makeProduct } from "../../demo/factories";
import { validateCatalogue } from "../catalog/catalogue-input";
import type { StoreShipping } from "../store/settings";
import { type CouponRule, normaliseCouponCode, SPEC_COUPONS } from "./coupons";
import type { RequestedLine } from "./order-request";
import { type ProductFacts, quoteCart, stockLimit } from "./quote";

// The demo factory's butter: ₹268, ₹262 from 6, ₹255 from 12 (MRP ₹285).
const [butter] = validateCatalogue({ products: [makeProduct({ name: "Amul Butter 500 g", inventory: 50 })] }).products;
if (!butter) throw new Error("the factory's product did not validate");
const product = (overrides: Partial<ProductFacts> = {}): ProductFacts => ({
  id: "p-butter",
  slug: "amul-butter-500-g",
  name: butter.name,
  photo: null,
  sku: null,
  active: butter.active,
  trackInventory: butter.trackInventory,
  inventory: butter.inventory,
  sizes: [],
  mrp: butter.mrp,
  salePrice1: butter.salePrice1,
  salePrice2: butter.salePrice2,
  saleQty2: butter.saleQty2,
  salePrice3: butter.salePrice3,
  saleQty3: butter.saleQty3,
  minOrderQty: butter.minOrderQty,
  packOf: butter.packOf,
  ...overrides,
});

const cups = product({
  id: "p-cups",
  name: "Paper Tea Cups",
  salePrice1: 120_00,
  salePrice2: null,
  saleQty2: null,
  salePrice3: null,
  saleQty3: null,
  inventory: 30,
  sizes: [
    { label: "150 ml", inventory: 10 },
    { label: "250 ml", inventory: 20 },
  ],
});

const shipping: StoreShipping = {
  enabled: true,
  freeShippingThreshold: 7500_00,
  defaultRate: 199_00,
  applyDefaultIfNoZone: false,
};
const vashi = { rateUpTo999: 99_00, rate1000To4999: 49_00, rateFrom5000: 0 };

const line = (productId: string, qty: number, extra: Partial<RequestedLine> = {}): RequestedLine => ({
  productId,
  qty,
  size: null,
  setSizes: [],
  ...extra,
});

/** The store's coupon of a code, as the server finds it: the spec's two, unlimited. */
const specRule = (typed: string): CouponRule | null => {
  const spec = SPEC_COUPONS.find((c) => c.code === normaliseCouponCode(typed));
  return spec
    ? { ...spec, id: spec.code, startsAt: null, endsAt: null, maxUses: null, perCustomer: null, uses: 0, active: true }
    : null;
};

const quote = (lines: RequestedLine[], extra: { coupon?: string; products?: ProductFacts[] } = {}) =>
  quoteCart({
    lines,
    products: new Map((extra.products ?? [product(), cups]).map((p) => [p.id, p])),
    coupon: extra.coupon ?? "",
    couponRule: specRule(extra.coupon ?? ""),
    pincode: "400703",
    shipping,
    rate: vashi,
  });

describe("quoteCart", () => {
  it("prices each line at its tier and totals the cart", () => {
    const q = quote([line("p-butter", 12)]);
    expect(q.lines[0]).toMatchObject({ unitPrice: 255_00, total: 3060_00, maxQty: 50 });
    expect(q.subtotal).toBe(3060_00);
    expect(q.shipping).toEqual({ amount: 49_00, type: "Pincode Rate" });
    expect(q.grandTotal).toBe(3109_00);
    expect(q.problems).toEqual([]);
  });

  it("charges the band of the amount after discount", () => {
    // 4 x ₹268 = ₹1,072; FLAT100 brings it to ₹972: the up-to-₹999 band (₹99).
    const q = quote([line("p-butter", 4)], { coupon: "flat100" });
    expect(q.coupon).toEqual({ code: "FLAT100", discount: 100_00 });
    expect(q.shipping.amount).toBe(99_00);
    expect(q.grandTotal).toBe(972_00 + 99_00);
  });

  it("measures the free-shipping threshold after discount", () => {
    const rice = product({ id: "p-rice", salePrice1: 2000_00, salePrice2: null, saleQty2: null, saleQty3: null });
    // 4 x ₹2,000 = ₹8,000; SAVE10 gives ₹500 off (capped): ₹7,500 reaches the threshold.
    expect(quote([line("p-rice", 4)], { coupon: "SAVE10", products: [rice] }).shipping).toEqual({
      amount: 0,
      type: "Free Shipping (Threshold)",
    });
    // 3 x ₹2,000 with FLAT100 = ₹5,900: below the threshold, in the ₹5,000-and-above band (₹0 there).
    const q = quote([line("p-rice", 3)], { coupon: "FLAT100", products: [rice] });
    expect(q.shipping).toEqual({ amount: 0, type: "Pincode Rate" });
  });

  it("reports an invalid coupon with the spec's text and charges no discount", () => {
    const q = quote([line("p-butter", 1)], { coupon: "FLAT100" }); // ₹268 < ₹999
    expect(q.couponError).toBe("Invalid coupon or conditions not met.");
    expect(q.discount).toBe(0);
  });

  it("sums lines of one product against its stock", () => {
    const q = quote([line("p-butter", 45), line("p-butter", 10)]);
    expect(q.problems.map((p) => p.message)).toEqual([
      "Only 40 of Amul Butter 500 g are left. Please lower the quantity.",
      "Only 5 of Amul Butter 500 g are left. Please lower the quantity.",
    ]);
  });

  it("says sold out when nothing is left, and nothing about stock it does not count", () => {
    expect(quote([line("p-butter", 1)], { products: [product({ inventory: 0 })] }).problems[0]?.message).toBe(
      "Amul Butter 500 g is sold out. Please remove it from your cart.",
    );
    const untracked = product({ trackInventory: false, inventory: null });
    expect(quote([line("p-butter", 9000)], { products: [untracked] }).problems).toEqual([]);
  });

  it("checks each size's own stock and needs a size for a sized product", () => {
    expect(quote([line("p-cups", 11, { size: "150 ml" })]).problems[0]?.message).toBe(
      "Only 10 of Paper Tea Cups (150 ml) are left. Please lower the quantity.",
    );
    expect(quote([line("p-cups", 11, { size: "250 ml" })]).problems).toEqual([]);
    expect(quote([line("p-cups", 1)]).problems[0]?.message).toBe("Please choose a size for Paper Tea Cups.");
    expect(quote([line("p-cups", 1, { size: "1 L" })]).problems[0]?.kind).toBe("choose-size");
    expect(quote([line("p-butter", 1, { size: "1 L" })]).problems[0]?.kind).toBe("choose-size");
  });

  it("reports a price that changed since the shopper saw it", () => {
    const q = quote([line("p-butter", 6, { expectedUnitPrice: 268_00 })]);
    expect(q.problems).toEqual([
      {
        line: 0,
        productId: "p-butter",
        kind: "price-changed",
        message: "The price of Amul Butter 500 g has changed from ₹268 to ₹262 each.",
        unitPrice: 262_00,
      },
    ]);
  });

  it("refuses inactive and unknown products", () => {
    const q = quote([line("p-butter", 1), line("p-gone", 1)], { products: [product({ active: false })] });
    expect(q.problems.map((p) => p.kind)).toEqual(["unavailable", "unavailable"]);
    expect(q.lines).toEqual([]);
    expect(q.shipping.amount).toBe(0);
  });
});

describe("stockLimit", () => {
  it("is the size's stock, else the product's, else not counted", () => {
    expect(stockLimit(cups, "150 ml")).toBe(10);
    expect(stockLimit(cups, null)).toBe(30);
    expect(stockLimit(product({ inventory: -3 }), null)).toBe(0);
    expect(stockLimit(product({ trackInventory: false }), null)).toBeNull();
  });
});

describe("minimums and packs at the server (issue 59)", () => {
  const quote = (qty: number) =>
    quoteCart({
      lines: [{ productId: "p-butter", qty, size: null, setSizes: [] }],
      products: new Map([["p-butter", product({ minOrderQty: 5, packOf: 6 })]]),
      coupon: "",
      pincode: "",
      shipping: null,
      rate: null,
    });

  it("names a quantity off the pack with the quantity to order, which blocks the order", () => {
    expect(quote(8).problems).toEqual([
      {
        line: 0,
        productId: "p-butter",
        kind: "order-units",
        message: "Amul Butter 500 g is sold from 5 units, in packs of 6: order 12 instead of 8.",
      },
    ]);
  });

  it("takes whole packs from the minimum, priced by their tier, and tells the cart the units", () => {
    const priced = quote(12);
    expect(priced.problems).toEqual([]);
    expect(priced.lines[0]).toMatchObject({ qty: 12, unitPrice: 255_00, total: 3060_00 });
    expect(priced.lines[0]?.meta).toMatchObject({ minQty: 5, packOf: 6 });
  });
});

describe("a size's own minimum and pack (issue 59)", () => {
  // Sunflower oil: 1 L bottles in cases of 12, the 15 L tin singly.
  const oil = product({
    id: "p-oil",
    name: "Sunflower Oil",
    sizes: [
      { label: "1 L", inventory: null, minOrderQty: null, packOf: 12 },
      { label: "15 L", inventory: null },
    ],
  });
  const quote = (size: string, qty: number) =>
    quoteCart({
      lines: [{ productId: "p-oil", qty, size, setSizes: [] }],
      products: new Map([["p-oil", oil]]),
      coupon: "",
      pincode: "",
      shipping: null,
      rate: null,
    });

  it("holds each size to its own pack, and the others to the product's", () => {
    expect(quote("1 L", 18).problems.map((p) => p.message)).toEqual([
      "Sunflower Oil (1 L) is sold in packs of 12: order 24 instead of 18.",
    ]);
    expect(quote("1 L", 24).problems).toEqual([]);
    expect(quote("1 L", 24).lines[0]?.meta).toMatchObject({ packOf: 12 });
    expect(quote("15 L", 1).problems).toEqual([]);
    expect(quote("15 L", 1).lines[0]?.meta.packOf).toBeUndefined();
  });
});
