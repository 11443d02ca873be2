import { describe, expect, it } from "vitest";
import {
  brandsWithProducts,
  type CatalogueOutline,
  findBrand,
  findSubCategory,
  findTopCategory,
  type OutlineCategory,
  pickCategories,
  subCategoriesOf,
  topCategories,
} from "./outline";

const category = (id: string, name: string, parentId: string | null = null, hasProducts = true): OutlineCategory => ({
  id,
  name,
  slug: name.toLowerCase().replace(/[^a-z]+/g, "-"),
  logo: null,
  parentId,
  hasProducts,
});

// In the shop's order, as the database gives it; sub-categories among the categories.
const outline: CatalogueOutline = {
  categories: [
    category("c1", "Rice & Flours"),
    category("s1", "Basmati Rice", "c1"),
    category("c2", "Dairy"),
    category("s2", "Paneer", "c2"),
    category("s3", "Atta", "c1"),
    category("c3", "Seasonal", null, false),
    category("c4", "Spices"),
  ],
  brands: [
    { id: "b1", name: "Amul", slug: "amul", logo: null, hasProducts: true },
    { id: "b2", name: "Everest", slug: "everest-masala", logo: null, hasProducts: false },
    { id: "b3", name: "India Gate", slug: "india-gate", logo: "/media/india-gate.webp", hasProducts: true },
  ],
};
const names = (list: { name: string }[]) => list.map((e) => e.name);

describe("catalogue outline", () => {
  it("lists the top-level categories in the shop's order, with or without products", () => {
    expect(names(topCategories(outline))).toEqual(["Rice & Flours", "Dairy", "Seasonal", "Spices"]);
  });

  it("finds a category by slug or by name in any case, and never a sub-category", () => {
    expect(findTopCategory(outline, "rice-flours")?.id).toBe("c1");
    expect(findTopCategory(outline, "rice & FLOURS")?.id).toBe("c1");
    expect(findTopCategory(outline, "Rice-Flours")).toBeUndefined();
    expect(findTopCategory(outline, "paneer")).toBeUndefined();
    expect(findTopCategory(outline, "nothing")).toBeUndefined();
  });

  it("gives a category's sub-categories in the shop's order, and none for a sub-category or an unknown name", () => {
    expect(names(subCategoriesOf(outline, "rice-flours"))).toEqual(["Basmati Rice", "Atta"]);
    expect(names(subCategoriesOf(outline, "DAIRY"))).toEqual(["Paneer"]);
    expect(subCategoriesOf(outline, "basmati-rice")).toEqual([]);
    expect(subCategoriesOf(outline, "unknown")).toEqual([]);
    const subs = subCategoriesOf(outline, "rice-flours");
    expect(findSubCategory(subs, "atta")?.id).toBe("s3");
    expect(findSubCategory(subs, "Basmati rice")?.id).toBe("s1");
    // A sub-category of another category is not one of these.
    expect(findSubCategory(subs, "paneer")).toBeUndefined();
  });

  it("finds the brand by id when given, else by slug or name, and only brands with products as tiles", () => {
    expect(findBrand(outline, { brand: null, brandId: "b3" })?.name).toBe("India Gate");
    // By id wins over by name: the two are exclusive in a listing.
    expect(findBrand(outline, { brand: "amul", brandId: "b3" })?.name).toBe("India Gate");
    expect(findBrand(outline, { brand: null, brandId: "b9" })).toBeUndefined();
    expect(findBrand(outline, { brand: "everest-masala", brandId: null })?.id).toBe("b2");
    expect(findBrand(outline, { brand: "everest", brandId: null })?.id).toBe("b2");
    expect(findBrand(outline, { brand: "INDIA GATE", brandId: null })?.id).toBe("b3");
    expect(findBrand(outline, { brand: null, brandId: null })).toBeUndefined();
    expect(names(brandsWithProducts(outline))).toEqual(["Amul", "India Gate"]);
  });

  it("picks up to the number asked of the top-level categories with products, each once, in random order", () => {
    // Always the first of what is left: the order stays as it was.
    expect(names(pickCategories(outline, 4, () => 0))).toEqual(["Rice & Flours", "Dairy", "Spices"]);
    // Always the last of what is left.
    expect(names(pickCategories(outline, 2, () => 0.999))).toEqual(["Spices", "Rice & Flours"]);
    expect(pickCategories(outline, 0)).toEqual([]);
    for (let run = 0; run < 50; run++) {
      const picked = names(pickCategories(outline, 2));
      expect(picked).toHaveLength(2);
      expect(new Set(picked).size).toBe(2);
      for (const name of picked) expect(["Rice & Flours", "Dairy", "Spices"]).toContain(name);
    }
    // Every category comes first sometimes.
    const firsts = new Set(Array.from({ length: 200 }, () => pickCategories(outline, 1)[0]?.name));
    expect(firsts).toEqual(new Set(["Rice & Flours", "Dairy", "Spices"]));
    expect(pickCategories({ categories: [], brands: [] }, 4)).toEqual([]);
  });
});
