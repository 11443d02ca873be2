import type { Paise } from "../money/types";
import { type PriceFields, tierUnitPrice } from "../pricing/rules";
import { fitQuantity, nextQuantity, orderUnits, previousQuantity } from "./packs";

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
  /** A minimum and a pack (issue 59); absent when sold singly from 1. */
  minQty?: number;
  packOf?: number;
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

/** A line's minimum and pack, from what it keeps of its product. */
export const lineUnits = (meta: CartLineMeta) => orderUnits(meta);

/**
 * Adds qty of an item; an existing line with the same identity grows instead. The quantity is
 * rounded up to the product's minimum and whole packs (issue 59).
 */
export function addToCart(lines: readonly CartLine[], item: NewCartLine, qty: number): CartLine[] {
  const add = floorQuantity(qty);
  const id = cartLineId(item.meta.productId, item.size, item.setSizes);
  const existing = lines.find((l) => l.id === id);
  if (existing) return setQuantity(lines, id, existing.qty + add);
  if (add === 0) return [...lines];
  const fitted = fitQuantity(add, lineUnits(item.meta));
  return [...lines, withQty({ ...item, id, qty: fitted, unitPrice: 0 }, fitted)];
}

/** Sets a line's quantity, rounded up to its minimum and whole packs; 0 removes the line. */
export function setQuantity(lines: readonly CartLine[], id: string, qty: number): CartLine[] {
  const asked = floorQuantity(qty);
  if (asked === 0) return removeLine(lines, id);
  return lines.map((l) => (l.id === id ? withQty(l, fitQuantity(asked, lineUnits(l.meta))) : l));
}

/** One more: a unit, or a pack for a product sold in packs. */
export function incrementLine(lines: readonly CartLine[], id: string): CartLine[] {
  const line = lines.find((l) => l.id === id);
  return line ? setQuantity(lines, id, nextQuantity(line.qty, lineUnits(line.meta))) : [...lines];
}

/** One fewer (a pack for a product sold in packs); below the minimum the line goes. */
export function decrementLine(lines: readonly CartLine[], id: string): CartLine[] {
  const line = lines.find((l) => l.id === id);
  return line ? setQuantity(lines, id, previousQuantity(line.qty, lineUnits(line.meta))) : [...lines];
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
