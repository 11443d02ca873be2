import { describe, expect, it } from "vitest";
import { mergeStock, OWN_COUNT } from "./product-stock";

describe("the stock a product form leaves", () => {
  it("keeps what orders took while the page was open when the count was left as shown", () => {
    expect(mergeStock({ [OWN_COUNT]: 40 }, { [OWN_COUNT]: 40 }, { [OWN_COUNT]: 37 })).toEqual({
      ok: true,
      counts: { [OWN_COUNT]: 37 },
    });
  });

  it("sets a count typed over when nothing moved it meanwhile", () => {
    expect(mergeStock({ [OWN_COUNT]: 60 }, { [OWN_COUNT]: 40 }, { [OWN_COUNT]: 40 })).toEqual({
      ok: true,
      counts: { [OWN_COUNT]: 60 },
    });
  });

  it("refuses a count typed over one that moved meanwhile, at its field", () => {
    expect(
      mergeStock({ "250 ml": 10, "500 ml": 5 }, { "250 ml": 8, "500 ml": 5 }, { "250 ml": 6, "500 ml": 5 }),
    ).toEqual({
      ok: false,
      field: "sizeStock",
      error:
        'The stock of "250 ml" changed to 6 while you were editing (an order or a colleague): check it and save again.',
    });
  });

  it("takes a new size's count as typed", () => {
    expect(mergeStock({ "1 L": 12 }, {}, {})).toEqual({ ok: true, counts: { "1 L": 12 } });
  });
});
