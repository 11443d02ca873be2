/**
 * The shopper's cart in the browser: the pure rules of ./rules.ts over localStorage
 * (ql:cart:v2, migrated once from ql:cart:v1), shared by every component through
 * useSyncExternalStore and kept in step across tabs. On the server the cart is always empty,
 * so pages render the same before and after hydration. Prices here are for display: the
 * server recomputes them at checkout.
 */
import { useSyncExternalStore } from "react";
import { fields, isCount, isMoney, isString, orNull } from "../http/stored-values";
import {
  addToCart,
  CART_STORAGE_KEY,
  type CartLine,
  type CartLineMeta,
  decrementLine,
  incrementLine,
  LEGACY_CART_STORAGE_KEY,
  lineUnitPrice,
  type NewCartLine,
  removeLine,
  setQuantity,
} from "./rules";

/**
 * One stored line, or null when it cannot be trusted (no id, name or positive whole quantity;
 * no product or base price). Optional fields that are wrong get their defaults; the unit price
 * is worked out again from the tiers, never read.
 */
function readStoredLine(item: unknown): CartLine | null {
  const line = fields(item);
  const m = fields(line?.meta);
  if (!line || !m) return null;
  const { id, name, qty } = line;
  if (!isString(id) || !isString(name) || !isCount(qty)) return null;
  if (!isString(m.productId) || !isMoney(m.baseUnitPrice)) return null;
  const meta: CartLineMeta = {
    productId: m.productId,
    baseUnitPrice: m.baseUnitPrice,
    salePrice2: orNull(m.salePrice2, isMoney),
    saleQty2: orNull(m.saleQty2, isCount),
    salePrice3: orNull(m.salePrice3, isMoney),
    saleQty3: orNull(m.saleQty3, isCount),
    ...(isCount(m.minQty) && isCount(m.packOf) ? { minQty: m.minQty, packOf: m.packOf } : {}),
  };
  return {
    id,
    name,
    photo: orNull(line.photo, isString),
    unitPrice: lineUnitPrice(meta, qty),
    qty,
    sku: orNull(line.sku, isString),
    size: orNull(line.size, isString),
    isSet: line.isSet === true,
    setSizes: Array.isArray(line.setSizes) && line.setSizes.every(isString) ? line.setSizes : [],
    meta,
  };
}

/** Lines from storage; anything unreadable is dropped rather than breaking the page. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = Array.isArray(value) ? value : (value as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(list)) return [];
  const lines: CartLine[] = [];
  for (const item of list) {
    const line = readStoredLine(item);
    if (line) lines.push(line);
  }
  return lines;
}

const EMPTY: CartLine[] = [];
let lines: CartLine[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage switched off: the cart lives for this page only
  }
}

function load(): CartLine[] {
  const store = storage();
  if (!store) return EMPTY;
  const current = store.getItem(CART_STORAGE_KEY);
  if (current !== null) return orEmpty(parseStoredCart(current));
  const legacyText = store.getItem(LEGACY_CART_STORAGE_KEY);
  if (legacyText === null) return EMPTY;
  // Migrate once from the old key.
  const legacy = parseStoredCart(legacyText);
  store.setItem(CART_STORAGE_KEY, JSON.stringify(legacy));
  store.removeItem(LEGACY_CART_STORAGE_KEY);
  return orEmpty(legacy);
}

/**
 * An empty cart is the server's own snapshot, so that hydration finds nothing changed: React
 * renders again every component whose store answers otherwise than the server's did.
 */
function orEmpty(cart: CartLine[]): CartLine[] {
  return cart.length === 0 ? EMPTY : cart;
}

function snapshot(): CartLine[] {
  lines ??= load();
  return lines;
}

function commit(next: CartLine[]): void {
  lines = next;
  storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY) return;
    lines = parseStoredCart(event.newValue);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The cart's lines; empty during server rendering and hydration. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export const cart = {
  add: (item: NewCartLine, qty: number) => commit(addToCart(snapshot(), item, qty)),
  setQuantity: (id: string, qty: number) => commit(setQuantity(snapshot(), id, qty)),
  increment: (id: string) => commit(incrementLine(snapshot(), id)),
  decrement: (id: string) => commit(decrementLine(snapshot(), id)),
  remove: (id: string) => commit(removeLine(snapshot(), id)),
  clear: () => commit([]),
  /** Puts back lines taken out (Undo after Clear Cart). */
  replace: (next: CartLine[]) => commit(next),
  /** Today's prices from the server for a line; its unit price follows at its quantity. */
  reprice: (id: string, meta: CartLineMeta) =>
    commit(snapshot().map((l) => (l.id === id ? { ...l, meta, unitPrice: lineUnitPrice(meta, l.qty) } : l))),
};
