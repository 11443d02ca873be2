/**
 * A delivery from a supplier, as the "Receive stock" form posts it (issue 56): rows of a product
 * (its SKU or its name), a size where its stock is counted by size, and the units that came.
 * Empty rows are left out; every row's mistake is named by its row number.
 */

export const RECEIVE_ROWS = 8;

export interface ReceivedLine {
  /** The row on the form, from 1. */
  row: number;
  product: string;
  size: string | null;
  units: number;
}

export type ReceivedRead =
  | { ok: true; lines: ReceivedLine[]; note: string }
  | { ok: false; problems: Record<number, string>; note: string };

export function readReceived(form: { get(name: string): unknown; getAll(name: string): unknown[] }): ReceivedRead {
  const list = (name: string) =>
    form
      .getAll(name)
      .slice(0, 100)
      .map((value) => (typeof value === "string" ? value.trim() : ""));
  const products = list("product");
  const sizes = list("size");
  const units = list("units");
  const noteValue = form.get("note");
  const note = (typeof noteValue === "string" ? noteValue : "").trim().slice(0, 200);
  const lines: ReceivedLine[] = [];
  const problems: Record<number, string> = {};
  products.forEach((product, index) => {
    const row = index + 1;
    const typed = units[index] ?? "";
    if (product === "" && typed === "") return;
    if (product === "") {
      problems[row] = "Name the product (its SKU or its name).";
      return;
    }
    if (product.length > 200) {
      problems[row] = "Keep the product's SKU or name to 200 characters.";
      return;
    }
    if (!/^\d{1,6}$/.test(typed) || Number(typed) < 1) {
      problems[row] = "Enter the units received, a whole number from 1.";
      return;
    }
    lines.push({ row, product, size: (sizes[index] ?? "") || null, units: Number(typed) });
  });
  if (lines.length === 0 && Object.keys(problems).length === 0) {
    problems[1] = "Fill at least one row: the product and the units received.";
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems, note };
  return { ok: true, lines, note };
}
