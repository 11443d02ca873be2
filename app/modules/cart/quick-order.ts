/**
 * Quick order (issue 59): a buyer pastes many lines from a spreadsheet or types them, each a
 * product (its SKU or a few words of its name) and a quantity. The lines are read here, purely,
 * so the page and the server agree on what was asked; the server then finds each product.
 */

import type { ProductSummary } from "../catalog/summary";
import type { Paise } from "../money/types";

export const MAX_QUICK_ORDER_LINES = 200;

export interface AskedLine {
  /** The line's number in what was pasted, from 1. */
  line: number;
  /** A SKU or words of a product's name, as written. */
  query: string;
  /** The quantity written; null when none was (the product's first right quantity is used). */
  qty: number | null;
}

export interface SkippedLine {
  line: number;
  text: string;
  reason: string;
}

const QUANTITY = /^\d{1,6}$/;
const HEADER_WORDS = new Set(["qty", "quantity", "units", "pcs"]);

/** A cell's text without the quotes a spreadsheet puts round it. */
function cell(text: string | undefined): string {
  return (text ?? "")
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .replace(/""/g, '"')
    .trim();
}

/**
 * Reads pasted lines: "SKU<TAB>qty" (a spreadsheet's copy), "SKU,qty" (a CSV), or "name qty"
 * (typed). Blank lines and a header row ("SKU, Qty") are passed over; a line whose quantity is
 * not a whole number is skipped with its reason, never guessed.
 */
export function readPastedLines(text: string): { lines: AskedLine[]; skipped: SkippedLine[] } {
  const lines: AskedLine[] = [];
  const skipped: SkippedLine[] = [];
  const rows = text.split(/\r?\n/);
  rows.forEach((raw, index) => {
    const line = index + 1;
    const row = raw.trim();
    if (row === "") return;
    let query: string;
    let quantity: string;
    if (raw.includes("\t") || row.includes(",")) {
      const cells = raw.includes("\t") ? raw.split("\t") : row.split(",");
      query = cell(cells[0]);
      // A spreadsheet's copy may carry more columns (a name, a price in rupees): the quantity is
      // the first number after the product.
      quantity =
        cells
          .slice(1)
          .map(cell)
          .find((value) => /^-?[\d.,]+$/.test(value)) ?? "";
      const heading = cells.slice(1).some((value) => HEADER_WORDS.has(cell(value).toLowerCase()));
      if (lines.length === 0 && skipped.length === 0 && heading) return;
    } else {
      const words = row.split(/\s+/);
      const last = words[words.length - 1] ?? "";
      const counted = words.length > 1 && QUANTITY.test(last);
      query = counted ? words.slice(0, -1).join(" ") : row;
      quantity = counted ? last : "";
    }
    if (query === "") {
      skipped.push({ line, text: row, reason: "names no product" });
    } else if (quantity !== "" && (!QUANTITY.test(quantity) || Number(quantity) === 0)) {
      skipped.push({ line, text: row, reason: `"${quantity}" is not a quantity` });
    } else if (lines.length >= MAX_QUICK_ORDER_LINES) {
      skipped.push({ line, text: row, reason: `more than ${MAX_QUICK_ORDER_LINES} lines at once` });
    } else {
      lines.push({ line, query: query.slice(0, 200), qty: quantity === "" ? null : Number(quantity) });
    }
  });
  return { lines, skipped };
}

/** A line as the server found it (search/quick-order.server.ts). */
export type ResolvedLine =
  | {
      line: number;
      query: string;
      status: "found";
      product: ProductSummary;
      /** The quantity to add: as asked, else the first right one, rounded up to whole packs. */
      qty: number;
      /** Why the quantity differs from the one asked, when it does. */
      note: string | null;
      unitPrice: Paise;
      total: Paise;
      /** The most this shopper may add; less than qty when stock is short. */
      available: number;
    }
  | { line: number; query: string; status: "several"; choices: ProductSummary[] }
  | { line: number; query: string; status: "none" };
