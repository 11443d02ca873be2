import type { Movement } from "../orders/stock.server";

/** A product's counted stock as an import found it, or as the import leaves it. */
export interface StockCounts {
  productId: string;
  trackInventory: boolean;
  inventory: number | null;
  sizes: ReadonlyArray<{ label: string; inventory: number | null }>;
}

/**
 * What an import changed in counted stock, as rows of the stock ledger (issue 54): a product
 * whose sizes hold the stock moves by size, any other by its own count; a new product moves
 * from nothing. Untracked stock and unchanged counts make no row.
 */
export function importMovements(before: StockCounts | undefined, after: StockCounts): Movement[] {
  if (!after.trackInventory) return [];
  const wasTracked = before?.trackInventory ?? false;
  const counted = after.sizes.filter((s) => s.inventory !== null);
  if (counted.length > 0) {
    const old = new Map((before?.sizes ?? []).map((s) => [s.label, wasTracked ? (s.inventory ?? 0) : 0]));
    return counted.flatMap((s) => {
      const change = (s.inventory ?? 0) - (old.get(s.label) ?? 0);
      return change === 0 ? [] : [{ productId: after.productId, size: s.label, change }];
    });
  }
  if (after.inventory === null) return [];
  const change = after.inventory - (wasTracked ? (before?.inventory ?? 0) : 0);
  return change === 0 ? [] : [{ productId: after.productId, size: null, change }];
}
