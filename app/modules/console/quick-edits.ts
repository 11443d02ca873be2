import { optionalRupees, optionalStock, readValue } from "./typed-values";

/**
 * Prices and stock changed on many rows of the products list at once (issue 56). Each row posts
 * what it showed beside what was typed, so that only what staff changed is written, and a count
 * an order moved meanwhile is never overwritten by the number on a stale screen.
 */

export interface QuickEdit {
  productId: string;
  /** The price of one (salePrice1) as typed, in paise; undefined when unchanged. */
  price?: number | null;
  /** The stock as it was shown and as typed; undefined when unchanged. */
  stock?: { was: number; now: number };
}

export type QuickEditsRead = { ok: true; edits: QuickEdit[] } | { ok: false; problems: Record<string, string> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of one row: `price.<id>`, `wasPrice.<id>`, `stock.<id>`, `wasStock.<id>`. */
export const quickField = (name: "price" | "wasPrice" | "stock" | "wasStock", id: string) => `${name}.${id}`;

/** Reads the rows a form posted (`row` lists their ids); problems are by row id. */
export function readQuickEdits(form: { get(name: string): unknown; getAll(name: string): unknown[] }): QuickEditsRead {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const ids = [...new Set(form.getAll("row").filter((id): id is string => typeof id === "string" && UUID.test(id)))];
  const edits: QuickEdit[] = [];
  const problems: Record<string, string> = {};
  for (const id of ids.slice(0, 200)) {
    const edit: QuickEdit = { productId: id.toLowerCase() };
    const typedPrice = text(quickField("price", id));
    if (typedPrice.trim() !== text(quickField("wasPrice", id)).trim()) {
      const price = optionalRupees(typedPrice, "Enter the price in rupees, like 240.");
      if ("problem" in price) problems[id] = price.problem;
      else edit.price = price.value;
    }
    const typedStock = text(quickField("stock", id));
    const wasStock = text(quickField("wasStock", id));
    if (typedStock.trim() !== wasStock.trim() && wasStock.trim() !== "") {
      const now = readValue(optionalStock(typedStock, ""));
      if (now === null) problems[id] ??= "Enter the stock as a whole number, like 40.";
      else edit.stock = { was: Number(wasStock), now };
    }
    if (edit.price !== undefined || edit.stock !== undefined) edits.push(edit);
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, edits };
}
