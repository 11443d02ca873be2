import { describe, expect, it } from "vitest";
import {
  categoriesNamed,
  categoryTerms,
  joinedWords,
  normaliseSearchText,
  orderedNamePatterns,
  planSearch,
  sameUnits,
  spellingSteps,
  withJoinedWords,
} from "./query";

describe("normaliseSearchText", () => {
  it("keeps letters and digits in lower case with single spaces", () => {
    expect(normaliseSearchText("  Rice, Atta & Flours (25 kg) ")).toBe("rice atta flours 25 kg");
  });
  it("writes a pack size as a number and a word, however it was typed", () => {
    expect(normaliseSearchText("Atta 5kg")).toBe("atta 5 kg");
    expect(normaliseSearchText("OIL 15L")).toBe("oil 15 l");
    expect(normaliseSearchText("cups 1000pc")).toBe("cups 1000 pc");
    expect(normaliseSearchText("1.5kg")).toBe("1 5 kg");
    expect(normaliseSearchText("12x500g")).toBe("12 x 500 g");
    expect(normaliseSearchText("Vitamin B12")).toBe("vitamin b 12");
    expect(normaliseSearchText("a1b2")).toBe("a 1 b 2");
  });
  it("keeps Indian scripts", () => {
    expect(normaliseSearchText("हल्दी Powder")).toBe("हल्दी powder");
  });
});

describe("planSearch", () => {
  it("makes one unit per word", () => {
    expect(planSearch("Basmati Rice").units).toEqual([["basmati"], ["rice", "chawal"]]);
  });

  it("expands a word to its synonym group", () => {
    expect(planSearch("atta").units).toEqual([["atta", "wheat flour", "gehun"]]);
    expect(planSearch("Dahi").units).toEqual([["dahi", "curd", "yogurt", "yoghurt"]]);
  });

  it("reads a two-word synonym as one unit", () => {
    expect(planSearch("wheat flour 10").units).toEqual([["wheat flour", "atta", "gehun"], ["10"]]);
    expect(planSearch("gram flour").units).toEqual([["gram flour", "besan", "chickpea flour"]]);
  });

  it("prefers the longest phrase", () => {
    expect(planSearch("lal mirch").units[0]).toContain("red chilli");
  });

  it("reads a synonym's phrase as typed alone, asked to, and is otherwise the same plan", () => {
    const asTyped = { asTyped: true };
    expect(planSearch("atta", [], asTyped).units).toEqual([["atta"]]);
    // A phrase of a group stays one unit, so what it matches the plan with synonyms matches too.
    expect(planSearch("wheat flour 10 kgs", [], asTyped).units).toEqual([["wheat flour"], ["10 kg"]]);
    expect(planSearch("kesar", [["Kesar", "Saffron threads"]], asTyped).units).toEqual([["kesar"]]);
    expect(planSearch("cups 100 pcs", [], asTyped).units).toEqual([["cups"], ["100 pc", "100 piece"]]);
    expect(planSearch("Atta 5kg", [], asTyped).text).toBe(planSearch("Atta 5kg").text);
    expect(planSearch("atta chakki", [], asTyped).fuzzyWords).toEqual(planSearch("atta chakki").fuzzyWords);
  });

  it("tells plans apart by their units, term for term", () => {
    expect(sameUnits(planSearch("ghee 1 kg"), planSearch("Ghee 1kg"))).toBe(true);
    expect(sameUnits(planSearch("ghee"), planSearch("ghee", [], { asTyped: true }))).toBe(true);
    expect(sameUnits(planSearch("atta"), planSearch("atta", [], { asTyped: true }))).toBe(false);
    expect(sameUnits(planSearch("ghee 1"), planSearch("ghee"))).toBe(false);
  });

  it("adds the shop's own groups", () => {
    expect(planSearch("kesar", [["Kesar", "Saffron threads"]]).units[0]).toContain("saffron threads");
  });

  it("reads a number and its unit of measure as one phrase, however the unit is typed", () => {
    expect(planSearch("atta 5kg").units).toEqual([["atta", "wheat flour", "gehun"], ["5 kg"]]);
    expect(planSearch("atta 5kg").text).toBe("atta 5 kg");
    expect(planSearch("Ghee 1 Litre").units).toEqual([["ghee"], ["1 l"]]);
    expect(planSearch("500gms haldi").units).toEqual([["500 g"], ["haldi", "turmeric"]]);
    expect(planSearch("cups 100 pcs").units).toEqual([["cups"], ["100 pc", "100 piece"]]);
    expect(planSearch("oil 15ml").units).toEqual([["oil", "tel"], ["15 ml"]]);
    // A unit of measure is matched with its number, never loosely.
    expect(planSearch("ghee 1 litre").fuzzyWords).toEqual(["ghee"]);
    expect(planSearch("litre ghee").fuzzyWords).toEqual(["litre", "ghee"]);
  });

  it("keeps a number without a unit after it a word of its own, matched at a word's start", () => {
    // The shopper may still be typing it: '5' starts '50'.
    expect(planSearch("atta 5").units).toEqual([["atta", "wheat flour", "gehun"], ["5"]]);
    expect(planSearch("basmati 1121 rice").units).toEqual([["basmati"], ["1121"], ["rice", "chawal"]]);
    expect(planSearch("kg 5").units).toEqual([["kg"], ["5"]]);
  });

  it("offers only long non-numeric words for similarity matching", () => {
    expect(planSearch("panner 1 kg").fuzzyWords).toEqual(["panner"]);
  });

  it("is empty for punctuation only", () => {
    expect(planSearch(" ,.- ").units).toEqual([]);
  });

  it("reads at most eight words", () => {
    expect(planSearch("a b c d e f g h i j").units).toHaveLength(8);
  });
});

describe("orderedNamePatterns", () => {
  const plan = (...units: string[][]) => ({ text: "", units, fuzzyWords: [] });

  it("writes every unit in every order, with each unit's alternatives", () => {
    expect(orderedNamePatterns(plan(["basmati"], ["rice", "chawal"]))).toEqual([
      "% basmati% rice%",
      "% basmati% chawal%",
      "% rice% basmati%",
      "% chawal% basmati%",
    ]);
    expect(orderedNamePatterns(plan(["toor"], ["dal"], ["5"]))).toHaveLength(6);
    expect(orderedNamePatterns(plan(["toor", "pigeon pea"], ["dal"]))).toContain("% dal% pigeon pea%");
  });

  it("keeps one LIKE per unit where the two forms could disagree or grow too many", () => {
    expect(orderedNamePatterns(plan(["paneer"]))).toBeNull();
    // 'bas' and 'basmati' can both match the one word basmati.
    expect(orderedNamePatterns(plan(["bas"], ["basmati"]))).toBeNull();
    // A phrase can hold another unit's word.
    expect(orderedNamePatterns(plan(["wheat flour", "atta"], ["flour"]))).toBeNull();
    expect(orderedNamePatterns(plan(["pigeon pea"], ["pea protein"]))).toBeNull();
    expect(orderedNamePatterns(plan(["a"], ["b"], ["c"], ["d"]))).toBeNull();
    expect(orderedNamePatterns(plan(["a", "b", "c"], ["d", "e"], ["f", "g"]))).toBeNull();
  });
});

describe("spellingSteps", () => {
  const plan = planSearch("panner dahi");
  it("widens each respelt word one close spelling at a time, closest first", () => {
    const respelt = {
      ...plan,
      units: plan.units.map((u) => (u[0] === "panner" ? ["panner", "paneer", "pan", "paper"] : u)),
    };
    const steps = spellingSteps(plan, respelt);
    const dahi = plan.units.find((u) => u[0] === "dahi");
    expect(steps.map((s) => s.units.find((u) => u[0] === "panner"))).toEqual([
      ["panner", "paneer"],
      ["panner", "paneer", "pan"],
      ["panner", "paneer", "pan", "paper"],
    ]);
    // The other words keep their synonyms in every step; the query's text stays as typed.
    for (const step of steps) {
      expect(step.units.find((u) => u[0] === "dahi")).toEqual(dahi);
      expect(step.text).toBe(plan.text);
    }
  });

  it("widens two respelt words together, each as far as it has spellings", () => {
    const two = planSearch("indai basmti");
    const respelt = {
      ...two,
      units: [
        ["indai", "india", "indian"],
        ["basmti", "basmati"],
      ],
    };
    expect(spellingSteps(two, respelt).map((s) => s.units)).toEqual([
      [
        ["indai", "india"],
        ["basmti", "basmati"],
      ],
      [
        ["indai", "india", "indian"],
        ["basmti", "basmati"],
      ],
    ]);
  });

  it("is one step when each word has one close spelling", () => {
    const one = planSearch("basmti");
    const respelt = { ...one, units: [["basmti", "basmati"]] };
    expect(spellingSteps(one, respelt)).toEqual([respelt]);
  });

  it("widens the words that are left when one was left out", () => {
    const three = planSearch("xyzzy indai basmti");
    const respelt = {
      ...three,
      units: [
        ["indai", "india", "indian"],
        ["basmti", "basmati"],
      ],
    };
    expect(spellingSteps(three, respelt).map((s) => s.units)).toEqual([
      [
        ["indai", "india"],
        ["basmti", "basmati"],
      ],
      [
        ["indai", "india", "indian"],
        ["basmti", "basmati"],
      ],
    ]);
  });
});

describe("joinedWords and withJoinedWords", () => {
  it("offers each pair of neighbouring words written as one", () => {
    expect(joinedWords(planSearch("dish wash bar"))).toEqual(["dishwash", "washbar"]);
    expect(joinedWords(planSearch("sun flower oil 15 l"))).toEqual(["sunflower"]);
  });

  it("joins no word with a synonym group or a number, and nothing shorter than four letters", () => {
    expect(joinedWords(planSearch("ghee atta"))).toEqual([]);
    expect(joinedWords(planSearch("cups 100"))).toEqual([]);
    expect(joinedWords(planSearch("a b"))).toEqual([]);
    // A word still being typed: its first letter joins.
    expect(joinedWords(planSearch("dish w"))).toEqual(["dishw"]);
  });

  it("lets both words' units match the two as one word, where the catalogue has it", () => {
    const plan = planSearch("dish wash bar");
    expect(withJoinedWords(plan, new Set(["dishwash"])).units).toEqual([
      ["dish", "dishwash"],
      ["wash", "dishwash"],
      ["bar"],
    ]);
    expect(withJoinedWords(plan, new Set(["dishwash", "washbar"])).units).toEqual([
      ["dish", "dishwash"],
      ["wash", "dishwash", "washbar"],
      ["bar", "washbar"],
    ]);
    expect(withJoinedWords(plan, new Set())).toBe(plan);
    expect(withJoinedWords(plan, new Set(["sunflower"]))).toBe(plan);
  });
});

describe("categoryTerms and categoriesNamed", () => {
  // The demo store's named categories, named as the start of a search reads them.
  const category = (id: string, parent: string | null, name: string) => ({
    id,
    parent,
    name: ` ${normaliseSearchText(name)} `,
  });
  const flours = category("c-flours", null, "Rice, Atta & Flours");
  const basmati = category("s-basmati", "c-flours", "Basmati Rice");
  const everyday = category("s-everyday", "c-flours", "Everyday Rice");
  const besan = category("s-besan", "c-flours", "Besan & Other Flours");
  const oils = category("c-oils", null, "Oils & Ghee");
  const refined = category("s-refined", "c-oils", "Refined Oils");
  const dairy = category("s-butter", "c-dairy", "Butter & Cream");
  const all = [flours, basmati, everyday, besan, oils, refined, dairy];

  it("names every term but pack sizes and numbers", () => {
    expect(categoryTerms(planSearch("basmati rice 5 kg"))).toEqual(["basmati", "rice", "chawal"]);
    expect(categoryTerms(planSearch("10 kg"))).toEqual([]);
    expect(categoryTerms(planSearch("atta 5"))).toContain("wheat flour");
  });

  it("takes a category's sub-categories that hold a term, not the category", () => {
    expect(categoriesNamed(planSearch("rice"), all)).toEqual({ subs: ["s-basmati", "s-everyday"], tops: [] });
    expect(categoriesNamed(planSearch("butter"), all)).toEqual({ subs: ["s-butter"], tops: [] });
    // 'oil' starts 'oils': both the category and its sub-category hold it; the sub-category counts.
    expect(categoriesNamed(planSearch("oil"), all)).toEqual({ subs: ["s-refined"], tops: [] });
  });

  it("takes a category when none of its sub-categories holds a term", () => {
    expect(categoriesNamed(planSearch("flour"), all)).toEqual({ subs: ["s-besan"], tops: [] });
    expect(categoriesNamed(planSearch("ghee"), all)).toEqual({ subs: [], tops: ["c-oils"] });
    const rice = category("c-rice", null, "Rice");
    const sona = category("s-sona", "c-rice", "Sona Masoori");
    expect(categoriesNamed(planSearch("rice"), [rice, sona])).toEqual({ subs: [], tops: ["c-rice"] });
  });

  it("finds no category for a word no category holds, nor within a word", () => {
    expect(categoriesNamed(planSearch("chilli"), all)).toBeNull();
    // 'ice' is inside 'rice', not at a word's start.
    expect(categoriesNamed(planSearch("ice"), all)).toBeNull();
    expect(categoriesNamed(planSearch("5 kg"), all)).toBeNull();
  });

  it("finds namedCategories for a query of one unit only", () => {
    // A phrase and its synonyms are one unit: 'atta' is in the category's name, and none of
    // its sub-categories holds 'atta', 'wheat flour' or 'gehun'.
    expect(categoriesNamed(planSearch("wheat flour"), all)).toEqual({ subs: [], tops: ["c-flours"] });
    expect(categoriesNamed(planSearch("basmati rice"), all)).toBeNull();
    expect(categoriesNamed(planSearch("rice 5 kg"), all)).toBeNull();
  });

  it("finds no category for a query that more than eight categories name", () => {
    const many = Array.from({ length: 9 }, (_, i) => category(`s-${i}`, "c-bakery", `Baking ${i}`));
    expect(categoriesNamed(planSearch("bak"), many.slice(0, 8))?.subs).toHaveLength(8);
    expect(categoriesNamed(planSearch("bak"), many)).toBeNull();
  });
});
