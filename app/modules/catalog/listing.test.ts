import { describe, expect, it } from "vitest";
import {
  activeFilterPills,
  isFiltered,
  listingHeading,
  listingHref,
  listingTitle,
  NO_FILTERS,
  sortOptions,
  withBrand,
  withBrandId,
  withCategory,
  withQuery,
} from "./listing";
import { parseListingParams } from "./listing-params";

const parse = (query: string) => parseListingParams(new URLSearchParams(query));
const BRAND_ID = "0b6f8c1e-8d8a-4c55-9a55-0c5a1f3f2b10";

describe("parseListingParams", () => {
  it("reads every parameter of the spec", () => {
    expect(
      parse(`q=rice&category=rice-atta&sub=basmati&sort=priceAsc&disc=20&min=100&max=900&brandId=${BRAND_ID}`),
    ).toEqual({
      q: "rice",
      category: "rice-atta",
      sub: "basmati",
      sort: "priceAsc",
      disc: 20,
      min: 100,
      max: 900,
      brand: null,
      brandId: BRAND_ID,
      page: 1,
    });
  });

  it("defaults to newest, or to best match while searching", () => {
    expect(parse("").sort).toBe("newest");
    expect(parse("q=atta").sort).toBe("relevance");
    expect(parse("sort=relevance").sort).toBe("newest");
  });

  it("drops values that make no sense instead of failing", () => {
    expect(parse("sort=cheapest&min=abc&max=-5&disc=0&brandId=42&page=abc")).toEqual(NO_FILTERS);
  });

  it("reads control characters in a search or a name as spaces, and several spaces as one", () => {
    expect(parse("q=%00%01").q).toBe("");
    expect(parse("q=basmati%09%00rice%0A").q).toBe("basmati rice");
    expect(parse("q=toor%20%20%20dal&category=%7Fdairy").q).toBe("toor dal");
    expect(parse("category=%7Fdairy%C2%85").category).toBe("dairy");
    expect(parse(`q=${"a".repeat(99)}%20%20b`).q).toBe("a".repeat(99));
  });

  it("keeps brand by id and brand by name apart: the id wins", () => {
    const filters = parse(`brand=Amul&brandId=${BRAND_ID}`);
    expect(filters.brand).toBeNull();
    expect(filters.brandId).toBe(BRAND_ID);
  });

  it("renders at most ten pages at once", () => {
    expect(parse("page=99").page).toBe(10);
  });

  it("reads a reversed price range the way it was meant", () => {
    expect(parse("min=900&max=100")).toMatchObject({ min: 100, max: 900 });
  });
});

describe("changing filters", () => {
  it("picking a category clears the sub-category", () => {
    expect(withCategory(parse("category=dairy&sub=paneer"), "spices")).toMatchObject({ category: "spices", sub: null });
  });

  it("brand by id and by name replace each other", () => {
    expect(withBrandId(parse("brand=Amul"), BRAND_ID)).toMatchObject({ brand: null, brandId: BRAND_ID });
    expect(withBrand(parse(`brandId=${BRAND_ID}`), "Amul")).toMatchObject({ brand: "Amul", brandId: null });
  });

  it("writes a canonical link without defaults", () => {
    expect(listingHref(parse("sort=newest&max=500&category=dairy"))).toBe("/products?category=dairy&max=500");
    expect(listingHref(parse("q=atta&sort=relevance"))).toBe("/products?q=atta");
    expect(listingHref(NO_FILTERS)).toBe("/products");
  });

  it("the listing's search keeps the other filters, starts paging again, and the default sort follows the words", () => {
    const dairy = parse("category=dairy&min=100&page=3");
    expect(listingHref(withQuery(dairy, "  paneer "))).toBe("/products?q=paneer&category=dairy&min=100");
    expect(withQuery(dairy, "paneer")).toMatchObject({ sort: "relevance", page: 1 });
    expect(withQuery(parse("q=paneer&category=dairy"), "")).toMatchObject({ q: "", sort: "newest" });
    // A sort the shopper chose stays.
    expect(listingHref(withQuery(parse("sort=priceAsc&category=dairy"), "ghee"))).toBe(
      "/products?q=ghee&category=dairy&sort=priceAsc",
    );
    expect(withQuery(parse("q=ghee&sort=newest"), "atta")).toMatchObject({ sort: "newest" });
    expect(withQuery(parse("q=ghee&sort=priceDesc"), "")).toMatchObject({ sort: "priceDesc" });
    expect(withQuery(NO_FILTERS, "x".repeat(150)).q).toHaveLength(100);
  });

  it("knows when the list is filtered", () => {
    expect(isFiltered(parse("sort=priceAsc"))).toBe(false);
    expect(isFiltered(parse("disc=10"))).toBe(true);
  });

  it("offers Best match only while searching", () => {
    expect(sortOptions(NO_FILTERS).map((s) => s.label)).toEqual(["Newest", "Price: Low to High", "Price: High to Low"]);
    expect(sortOptions(parse("q=dal"))[0]?.label).toBe("Best match");
  });

  it("lists the active filters as pills that remove themselves", () => {
    const pills = activeFilterPills(parse("category=dairy&sub=paneer&min=100&disc=20"), {
      category: "Dairy & Eggs",
      sub: "Paneer",
    });
    expect(pills.map((p) => p.label)).toEqual(["Dairy & Eggs", "Paneer", "From ₹100", "20% off or more"]);
    expect(pills[0]?.without).toMatchObject({ category: null, sub: null, min: 100 });
  });
});

describe("the listing's heading and title", () => {
  const none = { category: null, sub: null, brand: null };

  it("names a search with its words", () => {
    expect(listingHeading(parse("q=basmati&category=rice"), { ...none, category: "Rice" })).toBe(
      "Results for “basmati”",
    );
  });

  it("names the narrowest of sub-category, category and brand, else Products", () => {
    const names = { category: "Dairy & Eggs", sub: "Milk & Curd", brand: "Amul" };
    expect(listingHeading(parse("category=dairy&sub=milk&brand=Amul"), names)).toBe("Milk & Curd");
    expect(listingHeading(parse("category=dairy&brand=Amul"), { ...names, sub: null })).toBe("Dairy & Eggs");
    expect(listingHeading(parse("brand=Amul"), { ...none, brand: "Amul" })).toBe("Amul");
    expect(listingHeading(NO_FILTERS, none)).toBe("Products");
  });

  it("titles the document with the heading and the store's name", () => {
    expect(listingTitle(parse("category=dairy"), { ...none, category: "Dairy & Eggs" }, "Annapurna")).toBe(
      "Dairy & Eggs | Annapurna",
    );
  });
});
