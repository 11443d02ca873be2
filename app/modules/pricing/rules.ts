import type { Paise } from "../money/types";

/**
 * Tier pricing (spec sections 5 and 9). salePrice1 is the base price; salePrice2 applies
 * from saleQty2 units and salePrice3 from saleQty3; the highest qualifying quantity wins.
 */
export interface PriceFields {
  mrp: Paise | null;
  salePrice1: Paise | null;
  salePrice2: Paise | null;
  salePrice3: Paise | null;
  saleQty2: number | null;
  saleQty3: number | null;
}

export interface Tier {
  minQty: number;
  unitPrice: Paise;
}

/** A tier counts only if its quantity is a positive finite number (spec section 5). */
export function isTierQuantity(qty: unknown): qty is number {
  return typeof qty === "number" && Number.isFinite(qty) && qty > 0;
}

function isPrice(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

/** The unit price for one unit: salePrice1, else MRP, else 0 (no price set). */
export function baseUnitPrice(p: PriceFields): Paise {
  if (isPrice(p.salePrice1)) return p.salePrice1;
  if (isPrice(p.mrp)) return p.mrp;
  return 0;
}

/** The quantity tiers a shopper is shown, lowest quantity first. */
export function quantityTiers(p: PriceFields): Tier[] {
  const tiers: Tier[] = [];
  if (isTierQuantity(p.saleQty2) && isPrice(p.salePrice2)) {
    tiers.push({ minQty: p.saleQty2, unitPrice: p.salePrice2 });
  }
  if (isTierQuantity(p.saleQty3) && isPrice(p.salePrice3)) {
    tiers.push({ minQty: p.saleQty3, unitPrice: p.salePrice3 });
  }
  return tiers.sort((a, b) => a.minQty - b.minQty);
}

/** Unit price at a quantity: the tier with the highest quantity not above qty, else the base. */
export function tierUnitPrice(p: PriceFields, qty: number): Paise {
  let price = baseUnitPrice(p);
  let reached = 0;
  for (const tier of quantityTiers(p)) {
    if (qty >= tier.minQty && tier.minQty > reached) {
      price = tier.unitPrice;
      reached = tier.minQty;
    }
  }
  return price;
}

/** Percent off MRP, rounded (spec section 9); 0 when there is no saving. */
export function percentOff(mrp: Paise | null, unitPrice: Paise): number {
  if (!isPrice(mrp) || unitPrice >= mrp || unitPrice < 0) return 0;
  return Math.round(((mrp - unitPrice) / mrp) * 100);
}

/** The price listing filters use: the lowest positive sale price, falling back to MRP. */
export function bestPrice(p: PriceFields): Paise {
  const sale = [p.salePrice1, p.salePrice2, p.salePrice3].filter(isPrice);
  if (sale.length > 0) return Math.min(...sale);
  return isPrice(p.mrp) ? p.mrp : 0;
}

/**
 * The discount the listing's discount filter compares against, or null when the product has
 * no MRP above its best price (such products are excluded by any discount filter).
 */
export function listingDiscount(p: PriceFields): number | null {
  const best = bestPrice(p);
  if (!isPrice(p.mrp) || p.mrp <= best) return null;
  return Math.round(((p.mrp - best) / p.mrp) * 100);
}

/** Price filter: best price within [min, max], both inclusive and optional (paise). */
export function matchesPriceRange(p: PriceFields, min: Paise | null, max: Paise | null): boolean {
  const best = bestPrice(p);
  if (min !== null && best < min) return false;
  if (max !== null && best > max) return false;
  return true;
}

/** Discount filter: rounded discount at least the chosen percent. */
export function matchesDiscount(p: PriceFields, atLeastPercent: number): boolean {
  const discount = listingDiscount(p);
  return discount !== null && discount >= atLeastPercent;
}
