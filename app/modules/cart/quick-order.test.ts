import { describe, expect, it } from "vitest";
import { MAX_QUICK_ORDER_LINES, readPastedLines } from "./quick-order";

describe("lines pasted into quick order", () => {
  it("reads a spreadsheet's copy, a CSV and typed lines", () => {
    const pasted = ["AMU-000016\t12", "AAS-000122,3", "amul butter 500 g 6", '"TOOR-1", "24"', "basmati rice"].join(
      "\n",
    );
    expect(readPastedLines(pasted)).toEqual({
      lines: [
        { line: 1, query: "AMU-000016", qty: 12 },
        { line: 2, query: "AAS-000122", qty: 3 },
        { line: 3, query: "amul butter 500 g", qty: 6 },
        { line: 4, query: "TOOR-1", qty: 24 },
        { line: 5, query: "basmati rice", qty: null },
      ],
      skipped: [],
    });
  });

  it("passes over blank lines and a header row, and takes the first number after the product", () => {
    const pasted = ["SKU\tQty", "", "AMU-000016\tAmul Cheese Slices\t8\t₹130", "  "].join("\r\n");
    expect(readPastedLines(pasted).lines).toEqual([{ line: 3, query: "AMU-000016", qty: 8 }]);
    expect(readPastedLines("AMU-000016\t\t8").lines).toEqual([{ line: 1, query: "AMU-000016", qty: 8 }]);
  });

  it("skips a line whose quantity is not a whole number, saying why", () => {
    expect(readPastedLines("AMU-000016,2.5\nAMU-000015,0\n,4")).toEqual({
      lines: [],
      skipped: [
        { line: 1, text: "AMU-000016,2.5", reason: '"2.5" is not a quantity' },
        { line: 2, text: "AMU-000015,0", reason: '"0" is not a quantity' },
        { line: 3, text: ",4", reason: "names no product" },
      ],
    });
  });

  it(`takes at most ${MAX_QUICK_ORDER_LINES} lines at once`, () => {
    const pasted = Array.from({ length: 205 }, (_, i) => `SKU-${i},1`).join("\n");
    const read = readPastedLines(pasted);
    expect(read.lines).toHaveLength(200);
    expect(read.skipped.map((s) => s.line)).toEqual([201, 202, 203, 204, 205]);
    expect(read.skipped[0]?.reason).toBe("more than 200 lines at once");
  });
});
