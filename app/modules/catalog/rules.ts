/** Catalogue rules shared by the browser and the server (spec sections 4, 5 and 9). */

export const LOW_STOCK_THRESHOLD = 10;
/** Quantity cap when the shop does not count a product's stock. */
export const UNKNOWN_STOCK_MAX_QTY = 9999;

/** Active product: activeStatus is true, 'true', 1, '1', or missing. */
export function isActiveProduct(activeStatus: unknown): boolean {
  return (
    activeStatus === undefined ||
    activeStatus === null ||
    activeStatus === true ||
    activeStatus === "true" ||
    activeStatus === 1 ||
    activeStatus === "1"
  );
}

export type StockState =
  | { kind: "in-stock"; label: "In stock" }
  | { kind: "low-stock"; count: number; label: string }
  | { kind: "sold-out"; label: "Sold out" }
  | { kind: "unknown" };

/**
 * Stock state from a product's inventory: above 10 in stock, 1 to 10 low stock (n), 0 or less
 * sold out; unknown (not tracked, or no number) shows no badge and buying is allowed.
 */
export function stockState(inventory: number | null | undefined, trackInventory = true): StockState {
  if (!trackInventory || typeof inventory !== "number" || !Number.isFinite(inventory)) {
    return { kind: "unknown" };
  }
  if (inventory > LOW_STOCK_THRESHOLD) return { kind: "in-stock", label: "In stock" };
  if (inventory >= 1) {
    const count = Math.floor(inventory);
    return { kind: "low-stock", count, label: `Low stock (${count})` };
  }
  return { kind: "sold-out", label: "Sold out" };
}

/** The most a shopper may put in the cart: the inventory, or 9999 when it is unknown. */
export function maxPurchasable(inventory: number | null | undefined, trackInventory = true): number {
  const state = stockState(inventory, trackInventory);
  if (state.kind === "unknown") return UNKNOWN_STOCK_MAX_QTY;
  return Math.max(0, Math.floor(inventory ?? 0));
}

export const OVER_STOCK_MESSAGE = "Selected quantity exceeds available inventory.";
export const ADDED_TO_CART_MESSAGE = "Product added to cart";

/**
 * Buying needs inventory above 0, quantity above 0 and not over inventory (spec section 5);
 * with unknown inventory any quantity from 1 to 9999 is allowed.
 */
export function checkPurchase(
  qty: number,
  inventory: number | null | undefined,
  trackInventory = true,
): { ok: true } | { ok: false; message: typeof OVER_STOCK_MESSAGE } {
  const max = maxPurchasable(inventory, trackInventory);
  if (!Number.isFinite(qty) || qty <= 0 || max <= 0 || qty > max) {
    return { ok: false, message: OVER_STOCK_MESSAGE };
  }
  return { ok: true };
}

export type VegMarker = "green" | "brown" | "red";

/** Veg dot shown when vegType contains green, brown or red; green when it contains green. */
export function vegMarker(vegType: string | null | undefined): VegMarker | null {
  const value = (vegType ?? "").toLowerCase();
  if (value.includes("green")) return "green";
  if (value.includes("brown")) return "brown";
  if (value.includes("red")) return "red";
  return null;
}

/** Accessible words for the veg dot: FSSAI marks veg green and non-veg brown (red before 2021). */
export function vegMarkerLabel(marker: VegMarker): string {
  return marker === "green" ? "Vegetarian" : "Non-vegetarian";
}
