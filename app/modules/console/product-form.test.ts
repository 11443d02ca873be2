import { describe, expect, it } from "vitest";
import { EMPTY_PRODUCT, type PostedProduct, parseProductForm, postedFields, postedProductSchema } from "./product-form";

const RATES = [0, 0.25, 3, 5, 18, 40];
const CATEGORY = "5b0c8a44-7a8e-4c71-9d9e-0e8c2f7a1a01";

const form = (changes: Partial<PostedProduct>): PostedProduct => ({
  ...EMPTY_PRODUCT,
  name: "Amul Butter 500 g",
  mrp: "₹ 285",
  salePrice1: "275",
  salePrice2: "270",
  saleQty2: "6",
  salePrice3: "265.50",
  saleQty3: "12",
  vegType: "green",
  packSizeValue: "500",
  packSizeUnit: "g",
  categoryId: CATEGORY,
  sku: "AMUL-BUT-500",
  hsnCode: "0405",
  gstRate: "5",
  trackInventory: "on",
  inventory: "40",
  ...changes,
});

const problems = (changes: Partial<PostedProduct>) => {
  const parsed = parseProductForm(form(changes), RATES);
  return parsed.ok ? {} : parsed.fields;
};

describe("the product form", () => {
  it("reads rupees into paise, the slug from the name, and the shelves by id", () => {
    const parsed = parseProductForm(form({}), RATES);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.categoryId).toBe(CATEGORY);
    expect(parsed.value.subCategoryId).toBeNull();
    expect(parsed.value.product).toMatchObject({
      name: "Amul Butter 500 g",
      slug: "amul-butter-500-g",
      mrp: 28500,
      salePrice1: 27500,
      salePrice2: 27000,
      saleQty2: 6,
      salePrice3: 26550,
      saleQty3: 12,
      vegType: "green",
      packSize: { value: 500, unit: "g" },
      sku: "AMUL-BUT-500",
      hsnCode: "0405",
      gstRate: 5,
      trackInventory: true,
      inventory: 40,
      active: true,
      sizes: [],
    });
  });

  it("names the MRP rule, and each tier that does not step down, at its field", () => {
    expect(problems({ salePrice1: "290" })).toEqual({
      salePrice1: "₹290 is above the MRP (₹285): a shop may not sell above it.",
    });
    expect(problems({ salePrice2: "275" })).toEqual({
      salePrice2: "Tier 2's price must be below ₹275, the price of one.",
    });
    expect(problems({ saleQty3: "6" })).toEqual({ saleQty3: "Tier 3 starts at more than tier 2's quantity (6)." });
    expect(problems({ salePrice3: "270" })).toEqual({ salePrice3: "Tier 3's price must be below tier 2's (₹270)." });
    expect(problems({ saleQty2: "1" })).toEqual({
      saleQty2: "Tier 2 starts at 2 or more: one unit sells at the price.",
    });
    expect(problems({ saleQty2: "" })).toEqual({ saleQty2: "Give tier 2 both a price and a quantity, or neither." });
    expect(problems({ salePrice2: "", saleQty2: "" })).toEqual({ salePrice3: "Fill tier 2 before tier 3." });
  });

  it("reads the minimum and the pack, and flags a tier no whole pack reaches (issue 59)", () => {
    const parsed = parseProductForm(form({ minOrderQty: "6", packOf: "6" }), RATES);
    expect(parsed.ok && parsed.value.product).toMatchObject({ minOrderQty: 6, packOf: 6, saleQty2: 6, saleQty3: 12 });
    const empty = parseProductForm(form({}), RATES);
    expect(empty.ok && empty.value.product).toMatchObject({ minOrderQty: 1, packOf: 1 });
    expect(problems({ packOf: "5" })).toEqual({
      saleQty2: "Tier 2 starts at 6, which is not a whole number of packs of 5: make it 10.",
      saleQty3: "Tier 3 starts at 12, which is not a whole number of packs of 5: make it 15.",
    });
    expect(problems({ minOrderQty: "0", packOf: "a dozen" })).toEqual({
      minOrderQty: "Enter the fewest units one order may take, like 5.",
      packOf: "Enter how many units are in a pack, like 12.",
    });
  });

  it("names every mistake at once, and saves nothing", () => {
    expect(
      problems({
        name: " ",
        slug: "Amul Butter",
        mrp: "",
        salePrice1: "",
        salePrice2: "",
        saleQty2: "",
        salePrice3: "",
        saleQty3: "",
        hsnCode: "405",
        gstRate: "12",
        inventory: "4.5",
        packSizeUnit: "",
        sku: "AMUL BUT",
      }),
    ).toEqual({
      name: "Enter the product's name.",
      slug: "Use lower-case letters, digits and dashes, like amul-butter-500-g.",
      mrp: "Enter the MRP or the price: a product needs one to be sold.",
      hsnCode: "Enter the HSN code as 4, 6 or 8 digits, like 0405.",
      gstRate: "Choose one of the store's GST rates: 0, 0.25, 3, 5, 18, 40 percent.",
      inventory: "Enter the units in stock as a whole number, like 40, or leave it empty.",
      packSizeUnit: "Choose the pack size's unit.",
      sku: "A SKU has no spaces: use dashes, like AMUL-BUT-500.",
    });
  });

  it("counts a product's stock as the sum of its sizes' stock", () => {
    const parsed = parseProductForm(
      form({ inventory: "", sizeLabel: ["250 ml", "500 ml", ""], sizeStock: ["30", "12", ""] }),
      RATES,
    );
    expect(parsed.ok && parsed.value.product.inventory).toBe(42);
    expect(parsed.ok && parsed.value.product.sizes).toEqual([
      { label: "250 ml", inventory: 30, minOrderQty: null, packOf: null },
      { label: "500 ml", inventory: 12, minOrderQty: null, packOf: null },
    ]);
    expect(problems({ sizeLabel: ["250 ml", "250 ML"], sizeStock: ["1", "2"] })).toEqual({
      sizeLabel: 'The size "250 ML" is listed twice.',
    });
    expect(problems({ inventory: "" })).toEqual({ inventory: "Enter the units in stock, or untick Count stock." });
  });

  it("takes a size's own minimum and pack, and flags a tier its pack cannot reach", () => {
    const parsed = parseProductForm(
      form({
        inventory: "",
        salePrice2: "",
        saleQty2: "",
        salePrice3: "",
        saleQty3: "",
        sizeLabel: ["1 L", "20 L"],
        sizeStock: ["120", "8"],
        sizeMin: ["12", ""],
        sizePack: ["6", "1"],
      }),
      RATES,
    );
    expect(parsed.ok && parsed.value.product.sizes).toEqual([
      { label: "1 L", inventory: 120, minOrderQty: 12, packOf: 6 },
      { label: "20 L", inventory: 8, minOrderQty: null, packOf: 1 },
    ]);
    // Tier 3 starts at 12 (a whole number of 6s) and tier 2 at 6: packs of 4 reach neither.
    expect(problems({ inventory: "", sizeLabel: ["1 L"], sizeStock: ["10"], sizeMin: [""], sizePack: ["4"] })).toEqual({
      saleQty2: "Tier 2 starts at 6, which is not a whole number of packs of 4: make it 8 for size 1 L.",
    });
    expect(
      problems({ inventory: "10", sizeLabel: ["1 L"], sizeStock: ["10"], sizeMin: ["a dozen"], sizePack: [""] }),
    ).toEqual({
      sizeMin: 'Enter the minimum and pack of "1 L" as whole numbers from 1, or leave them empty.',
    });
  });

  it("keeps stock uncounted when the shop does not count it", () => {
    const parsed = parseProductForm(form({ trackInventory: "", inventory: "" }), RATES);
    expect(parsed.ok && parsed.value.product.inventory).toBeNull();
    expect(parsed.ok && parsed.value.product.trackInventory).toBe(false);
  });

  it("takes uploaded photos and https links with their descriptions, in order", () => {
    const parsed = parseProductForm(
      form({ photo: ["/media/products/a.webp", "https://example.com/b.jpg"], photoAlt: ["Front", ""] }),
      RATES,
    );
    expect(parsed.ok && parsed.value.product.photos).toEqual(["/media/products/a.webp", "https://example.com/b.jpg"]);
    expect(parsed.ok && parsed.value.product.photoAlts).toEqual(["Front", "Amul Butter 500 g"]);
    expect(problems({ photo: ["javascript:alert(1)"] })).toEqual({
      photo: "A photo is an uploaded file or an https:// link.",
    });
  });

  it("reads a posted form's lists and refuses oversized values at the boundary", () => {
    const body = new URLSearchParams([
      ["name", "Cups"],
      ["sizeLabel", "250 ml"],
      ["sizeLabel", "500 ml"],
    ]);
    const posted = postedProductSchema.parse(postedFields(body));
    expect(posted.name).toBe("Cups");
    expect(posted.sizeLabel).toEqual(["250 ml", "500 ml"]);
    expect(posted.mrp).toBe("");
    expect(postedProductSchema.safeParse({ name: "x".repeat(1001) }).success).toBe(false);
  });
});
