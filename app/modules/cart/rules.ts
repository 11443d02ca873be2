import type { Paise } from "../money/types";
import { type PriceFields, tierUnitPrice } from "../pricing/rules";

/**
 * The cart's rules (spec sections 3, 4 and 5). A cart is an immutable list of lines; every
 * operation returns a new list. Unit prices are recomputed from the tiers on every change.
 */

export const CART_STORAGE_KEY = "ql:cart:v2";
export const LEGACY_CART_STORAGE_KEY = "ql:cart:v1";

export interface CartLineMeta {
  productId: string;
  baseUnitPrice: Paise;
  salePrice2: Paise | null;
  saleQty2: number | null;
  salePrice3: Paise | null;
  saleQty3: number | null;
}

export interface CartLine {
  id: string;
  name: string;
  photo: string | null;
  /** Current unit price at this quantity (the spec's price, also unitPrice). */
  unitPrice: Paise;
  qty: number;
  sku: string | null;
  size: string | null;
  isSet: boolean;
  setSizes: string[];
  meta: CartLineMeta;
}

export type NewCartLine = Omit<CartLine, "id" | "qty" | "unitPrice">;

/** Line identity: product id plus size plus sorted set sizes. */
export function cartLineId(productId: string, size: string | null, setSizes: readonly string[] = []): string {
  const sets = [...setSizes].sort().join("+");
  return `${productId}|${size ?? ""}|${sets}`;
}

/** Quantities are floored and never negative; anything that is not a number counts as 0. */
export function floorQuantity(qty: number): number {
  return Number.isFinite(qty) ? Math.max(0, Math.floor(qty)) : 0;
}

function metaPrices(meta: CartLineMeta): PriceFields {
  return {
    mrp: null,
    salePrice1: meta.baseUnitPrice,
    salePrice2: meta.salePrice2,
    saleQty2: meta.saleQty2,
    salePrice3: meta.salePrice3,
    saleQty3: meta.saleQty3,
  };
}

export function lineUnitPrice(meta: CartLineMeta, qty: number): Paise {
  return tierUnitPrice(metaPrices(meta), qty);
}

function withQty(line: CartLine, qty: number): CartLine {
  return { ...line, qty, unitPrice: lineUnitPrice(line.meta, qty) };
}

/** Adds qty of an item; an existing line with the same identity grows instead. */
export function addToCart(lines: readonly CartLine[], item: NewCartLine, qty: number): CartLine[] {
  const add = floorQuantity(qty);
  const id = cartLineId(item.meta.productId, item.size, item.setSizes);
  const existing = lines.find((l) => l.id === id);
  if (existing) return setQuantity(lines, id, existing.qty + add);
  if (add === 0) return [...lines];
  return [...lines, withQty({ ...item, id, qty: add, unitPrice: 0 }, add)];
}

/** Sets a line's quantity; 0 removes the line. */
export function setQuantity(lines: readonly CartLine[], id: string, qty: number): CartLine[] {
  const next = floorQuantity(qty);
  if (next === 0) return removeLine(lines, id);
  return lines.map((l) => (l.id === id ? withQty(l, next) : l));
}

export function incrementLine(lines: readonly CartLine[], id: string): CartLine[] {
  const line = lines.find((l) => l.id === id);
  return line ? setQuantity(lines, id, line.qty + 1) : [...lines];
}

/** Decrementing from 1 removes the line. */
export function decrementLine(lines: readonly CartLine[], id: string): CartLine[] {
  const line = lines.find((l) => l.id === id);
  return line ? setQuantity(lines, id, line.qty - 1) : [...lines];
}

export function removeLine(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

export function lineTotal(line: CartLine): Paise {
  return line.unitPrice * line.qty;
}

export function cartSubtotal(lines: readonly CartLine[]): Paise {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty, 0);
}
