import { fields, isString } from "../http/stored-values";
import { formatINR } from "../money/format";
import type { ResolvedLine } from "./quick-order";

/**
 * The quick-order page's rows (issue 59): what the buyer typed, kept in the browser so that a
 * reload loses nothing, and what the server found for each. Pure, so the page's rules about
 * which rows go to the cart, and why the others do not, are unit-tested.
 */

export const QUICK_ORDER_STORAGE_KEY = "ql:quick-order:v1";

export interface QuickRow {
  /** The row's own key, stable while it is on the page. */
  key: string;
  query: string;
  qty: string;
  result: ResolvedLine | null;
}

let made = 0;
export const newRowKey = () => `row-${Date.now().toString(36)}-${(made++).toString(36)}`;

export const emptyRow = (): QuickRow => ({ key: newRowKey(), query: "", qty: "", result: null });

/** Rows as kept in the browser: what was typed, never the server's answers (prices go stale). */
export function storedRows(rows: readonly QuickRow[]): string {
  return JSON.stringify(rows.filter((row) => row.query.trim() !== "").map(({ query, qty }) => ({ query, qty })));
}

/** Rows read back from the browser; anything unreadable is left out. */
export function readStoredRows(raw: string | null): QuickRow[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const row = fields(item);
    if (!row || !isString(row.query) || !isString(row.qty)) return [];
    return [{ key: newRowKey(), query: row.query.slice(0, 200), qty: row.qty.slice(0, 6), result: null }];
  });
}

/** A typed quantity: a whole number from 1, or null (the product's first right quantity). */
export function typedQuantity(text: string): number | null | "wrong" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d{1,6}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : "wrong";
}

/** Why a row is not added to the cart, or null when it is. */
export function leftOutReason(row: QuickRow): string | null {
  if (row.query.trim() === "") return null;
  if (typedQuantity(row.qty) === "wrong") return `"${row.qty}" is not a quantity`;
  const result = row.result;
  if (!result) return "not looked up yet";
  if (result.status === "none") return "no product matches";
  if (result.status === "several") return "several products match: choose one";
  if (result.available <= 0) return `${result.product.name} is sold out`;
  if (result.qty > result.available) return `only ${result.available} of ${result.product.name} left`;
  return null;
}

/** The rows the cart takes, and the others with their reasons, for "Add all to cart". */
export function sortRows(rows: readonly QuickRow[]) {
  const added: Extract<ResolvedLine, { status: "found" }>[] = [];
  const leftOut: { row: number; query: string; reason: string }[] = [];
  rows.forEach((row, index) => {
    if (row.query.trim() === "") return;
    const reason = leftOutReason(row);
    if (reason === null && row.result?.status === "found") added.push(row.result);
    else leftOut.push({ row: index + 1, query: row.query, reason: reason ?? "not looked up yet" });
  });
  return { added, leftOut };
}

/** The total of the rows that would go to the cart. */
export function rowsTotal(rows: readonly QuickRow[]): number {
  return sortRows(rows).added.reduce((sum, line) => sum + line.total, 0);
}

/** What "Add all to cart" says when it is done. */
export function addedMessage(added: number, leftOut: number, total: number): string {
  const products = `${added} ${added === 1 ? "product" : "products"}`;
  if (added === 0) return "Nothing was added: fix the rows below first.";
  const rest = leftOut === 0 ? "" : ` ${leftOut} ${leftOut === 1 ? "row was" : "rows were"} left out, below.`;
  return `Added ${products} (${formatINR(total)}) to your cart.${rest}`;
}
