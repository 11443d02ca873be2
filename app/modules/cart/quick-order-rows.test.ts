import { describe, expect, it } from "vitest";
import type { ProductSummary } from "../catalog/summary";
import type { ResolvedLine } from "./quick-order";
import {
  addedMessage,
  emptyRow,
  leftOutReason,
  type QuickRow,
  readStoredRows,
  rowsTotal,
  sortRows,
  storedRows,
  typedQuantity,
} from "./quick-order-rows";

const butter = { id: "p1", name: "Amul Butter 500 g", slug: "amul-butter-500-g" } as ProductSummary;
const found = (qty: number, available: number, total = qty * 262_00): ResolvedLine => ({
  line: 1,
  query: "AMU-BUT-500",
  status: "found",
  product: butter,
  qty,
  note: null,
  unitPrice: 262_00,
  total,
  available,
});
const row = (query: string, qty: string, result: ResolvedLine | null): QuickRow => ({
  ...emptyRow(),
  query,
  qty,
  result,
});

describe("quick order's rows", () => {
  it("keeps what was typed in the browser, never the prices", () => {
    const rows = [row("AMU-BUT-500", "6", found(6, 40)), row("", "", null), row("toor", "", null)];
    expect(storedRows(rows)).toBe('[{"query":"AMU-BUT-500","qty":"6"},{"query":"toor","qty":""}]');
    const back = readStoredRows(storedRows(rows));
    expect(back.map(({ query, qty, result }) => ({ query, qty, result }))).toEqual([
      { query: "AMU-BUT-500", qty: "6", result: null },
      { query: "toor", qty: "", result: null },
    ]);
    expect(readStoredRows("not json")).toEqual([]);
    expect(readStoredRows('[{"query":3}]')).toEqual([]);
  });

  it("reads a typed quantity: empty is the product's first, anything but a whole number is wrong", () => {
    expect(typedQuantity("")).toBeNull();
    expect(typedQuantity(" 12 ")).toBe(12);
    expect(typedQuantity("0")).toBe("wrong");
    expect(typedQuantity("2.5")).toBe("wrong");
  });

  it("says why a row is left out of the cart", () => {
    expect(leftOutReason(row("AMU-BUT-500", "6", found(6, 40)))).toBeNull();
    expect(leftOutReason(row("AMU-BUT-500", "six", null))).toBe('"six" is not a quantity');
    expect(leftOutReason(row("xyzzy", "2", { line: 1, query: "xyzzy", status: "none" }))).toBe("no product matches");
    expect(leftOutReason(row("amul", "2", { line: 1, query: "amul", status: "several", choices: [butter] }))).toBe(
      "several products match: choose one",
    );
    expect(leftOutReason(row("AMU-BUT-500", "60", found(60, 40)))).toBe("only 40 of Amul Butter 500 g left");
    expect(leftOutReason(row("AMU-BUT-500", "6", found(6, 0)))).toBe("Amul Butter 500 g is sold out");
  });

  it("adds the rows that are right and reports the rest by row number", () => {
    const rows = [
      row("AMU-BUT-500", "6", found(6, 40)),
      row("xyzzy", "2", { line: 2, query: "xyzzy", status: "none" }),
      row("", "", null),
      row("AMU-BUT-500", "12", found(12, 40)),
    ];
    const { added, leftOut } = sortRows(rows);
    expect(added.map((line) => line.qty)).toEqual([6, 12]);
    expect(leftOut).toEqual([{ row: 2, query: "xyzzy", reason: "no product matches" }]);
    expect(rowsTotal(rows)).toBe(18 * 262_00);
    expect(addedMessage(2, 1, 18 * 262_00)).toBe("Added 2 products (₹4,716) to your cart. 1 row was left out, below.");
    expect(addedMessage(0, 3, 0)).toBe("Nothing was added: fix the rows below first.");
  });
});
