import { describe, expect, it } from "vitest";
import { LIST_MESSAGES, lineKey, listNameSchema, mergeLines } from "./rules";

const butter = "0b6f6f9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const cups = "1c7a7a0f-2d3e-4f60-9bac-1d2e3f4a5b6c";

describe("list lines", () => {
  it("are one per product, size and set of sizes, whatever order the sizes came in", () => {
    expect(lineKey({ productId: cups, size: null, setSizes: ["250 ml", "150 ml"] })).toBe(
      lineKey({ productId: cups, size: null, setSizes: ["150 ml", "250 ml"] }),
    );
    expect(lineKey({ productId: cups, size: "150 ml", setSizes: [] })).not.toBe(
      lineKey({ productId: cups, size: "250 ml", setSizes: [] }),
    );
  });
  it("join a repeated line, adding its quantity, in the order each came first", () => {
    const merged = mergeLines([
      { productId: butter, size: null, setSizes: [], qty: 6 },
      { productId: cups, size: "150 ml", setSizes: [], qty: 100 },
      { productId: butter, size: null, setSizes: [], qty: 12 },
    ]);
    expect(merged.map((line) => [line.productId, line.qty])).toEqual([
      [butter, 18],
      [cups, 100],
    ]);
    expect(
      mergeLines([
        { productId: butter, size: null, setSizes: [], qty: 90_000 },
        { productId: butter, size: null, setSizes: [], qty: 90_000 },
      ])[0]?.qty,
    ).toBe(100_000);
  });
  it("are named in 1 to 60 characters", () => {
    expect(listNameSchema.safeParse("  Weekly veg ").data).toBe("Weekly veg");
    expect(listNameSchema.safeParse("   ").error?.issues[0]?.message).toBe(LIST_MESSAGES.name);
    expect(listNameSchema.safeParse("x".repeat(61)).success).toBe(false);
  });
});
