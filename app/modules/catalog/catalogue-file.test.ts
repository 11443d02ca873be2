import { describe, expect, it } from "vitest";
import {
  parsePackSize,
  parseRupees,
  parseSizes,
  readCatalogueCsv,
  readCatalogueJson,
  sizeCell,
} from "./catalogue-file";
import { CatalogueValidationError } from "./catalogue-input";

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof CatalogueValidationError) return error.errors.map((e) => `${e.where}: ${e.message}`);
    throw error;
  }
  return [];
}

describe("cells", () => {
  it("reads rupees into paise", () => {
    expect(parseRupees("450")).toBe(45000);
    expect(parseRupees("₹1,250.5")).toBe(125050);
    expect(parseRupees("Rs. 99.99")).toBe(9999);
    expect(parseRupees("")).toBeNull();
    expect(() => parseRupees("12.345")).toThrow(/not an amount in rupees/);
  });
  it("reads pack sizes and sizes", () => {
    expect(parsePackSize("500 gm")).toEqual({ value: 500, unit: "g" });
    expect(parsePackSize("1.5L")).toEqual({ value: 1.5, unit: "L" });
    expect(() => parsePackSize("a sack")).toThrow(/not a pack size/);
    expect(parseSizes("250 ml:40| 500 ml:25|Large")).toEqual([
      { label: "250 ml", inventory: 40, minOrderQty: null, packOf: null },
      { label: "500 ml", inventory: 25, minOrderQty: null, packOf: null },
      { label: "Large", inventory: null, minOrderQty: null, packOf: null },
    ]);
  });
  it("reads a size's own minimum and pack, and writes them back the same way", () => {
    const sizes = parseSizes("1 L:40 (min 12, packs of 6)|20 L:5 (packs of 1)|5 L (Min 2)");
    expect(sizes).toEqual([
      { label: "1 L", inventory: 40, minOrderQty: 12, packOf: 6 },
      { label: "20 L", inventory: 5, minOrderQty: null, packOf: 1 },
      { label: "5 L", inventory: null, minOrderQty: 2, packOf: null },
    ]);
    expect(sizes.map(sizeCell).join("|")).toBe("1 L:40 (min 12, packs of 6)|20 L:5 (packs of 1)|5 L (min 2)");
    expect(() => parseSizes("1 L:40 (cases)")).toThrow('size "1 L:40 (cases)" should end like "(min 12, packs of 6)"');
    expect(() => parseSizes("1 L:40 (packs of 0)")).toThrow(/should end like/);
  });
});

describe("CSV import", () => {
  it("reads a shop's price list", () => {
    const catalogue = readCatalogueCsv({
      products: {
        name: "products.csv",
        text: "Name,Category,MRP,Sale Price,Pack Size,Active\nAmul Butter 500 g,Dairy,285,268,500 g,yes\n",
      },
    });
    expect(catalogue.products[0]).toMatchObject({
      name: "Amul Butter 500 g",
      slug: "amul-butter-500-g",
      mrp: 28500,
      salePrice1: 26800,
      active: true,
    });
  });

  it("reads the minimum order quantity and the pack, and flags a tier off the pack (issue 59)", () => {
    const text = [
      "name,sku,mrp,sale_price2,sale_qty2,min_order_qty,pack_of",
      "Paper Cups 150 ml,C1,1.20,1.10,600,100,50",
      "Tissue Napkins,C2,2,1.80,30,,12",
    ].join("\n");
    expect(problems(() => readCatalogueCsv({ products: { name: "p.csv", text } }))).toEqual([
      "p.csv line 3: saleQty2 starts at 30, which is not a whole number of packs of 12: make it 36",
    ]);
    const cups = readCatalogueCsv({ products: { name: "p.csv", text: text.split("\n").slice(0, 2).join("\n") } });
    expect(cups.products[0]).toMatchObject({ minOrderQty: 100, packOf: 50, saleQty2: 600 });
  });

  it("reports every bad row with its line number and reason, and accepts nothing", () => {
    const text = [
      "name,mrp,sale_price1,sale_price2,sale_qty2,sku,pack_size,hsn,gst",
      "Good Row,100,90,,,A1,1 kg,0405,5",
      ",100,90,,,A2,,,",
      "Too Dear,100,120,,,A3,,,",
      "Half Tier,100,90,85,,A4,,,",
      "Bad Money,1OO,,,,A5,,,",
      "Dup Sku,100,,,,A1,,,",
      "Bad Tax,100,,,,A6,,12345,7.555",
    ].join("\n");
    expect(problems(() => readCatalogueCsv({ products: { name: "p.csv", text } }))).toEqual([
      'p.csv line 6: "1OO" is not an amount in rupees (e.g. 450 or 450.50)',
      "p.csv line 3: name is required",
      "p.csv line 4: salePrice1 (₹120) is above the MRP (₹100)",
      "p.csv line 5: saleQty2 and salePrice2 go together: give both or neither",
      'p.csv line 7: sku "A1" is already used by p.csv line 2',
      "p.csv line 8: hsnCode must be 4, 6 or 8 digits",
      "p.csv line 8: gstRate must be a percentage from 0 to 100, like 5 or 0.25",
    ]);
  });

  it("reads each category's HSN code and GST rate for its products that name none", () => {
    const catalogue = readCatalogueCsv({
      products: { name: "products.csv", text: "name,category,mrp\nSona Masoori 25 kg,Rice,1450\n" },
      categories: { name: "categories.csv", text: "name,hsn,gst\nRice,1006,5\nDisposables,,18\n" },
    });
    expect(catalogue.categories.map((c) => [c.name, c.hsnCode, c.gstRate])).toEqual([
      ["Rice", "1006", 5],
      ["Disposables", null, 18],
    ]);
    expect(
      problems(() =>
        readCatalogueCsv({
          products: { name: "products.csv", text: "name,mrp\nGhee,650\n" },
          categories: { name: "categories.csv", text: "name,hsn,gst\nOil,15,120\n" },
        }),
      ),
    ).toEqual([
      "categories.csv line 2: hsnCode must be 4, 6 or 8 digits",
      "categories.csv line 2: gstRate must be a percentage from 0 to 100, like 5 or 0.25",
    ]);
  });

  it("names unknown columns, so a typo is not silently ignored", () => {
    expect(problems(() => readCatalogueCsv({ products: { name: "p.csv", text: "name,mpr\nGhee,650\n" } }))[0]).toMatch(
      /^p\.csv line 1: unknown column "mpr"/,
    );
  });

  it("reports a broken CSV file instead of guessing", () => {
    expect(problems(() => readCatalogueCsv({ products: { name: "p.csv", text: 'name,mrp\n"Ghee,650\n' } }))[0]).toMatch(
      /cannot be read as CSV/,
    );
  });
});

describe("JSON import", () => {
  it("takes prices in rupees and reports entries by position", () => {
    const ok = readCatalogueJson(
      "c.json",
      JSON.stringify({ products: [{ name: "Ghee 1 L", mrp: 650, salePrice1: "610" }] }),
    );
    expect(ok.products[0]).toMatchObject({ mrp: 65000, salePrice1: 61000 });
    expect(problems(() => readCatalogueJson("c.json", JSON.stringify({ products: [{ mrp: 10 }] })))).toEqual([
      "c.json products[0]: name is required",
    ]);
    expect(problems(() => readCatalogueJson("c.json", "{oops"))[0]).toMatch(/^c\.json: is not valid JSON/);
  });
});
