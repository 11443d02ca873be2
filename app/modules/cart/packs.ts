/**
 * Minimum order quantities and case packs (issue 59). A product may be sold only from a minimum
 * quantity, and only in whole packs ("in packs of 12"). A quantity is right when it is at least
 * the minimum and a whole number of packs; the smallest right quantity is the minimum rounded up
 * to a whole pack. The shop, the cart and the server all use these rules, so a quantity the
 * stepper offers is one the server takes.
 */

export interface OrderUnits {
  /** The fewest units sold on one line; 1 when there is no minimum. */
  minQty: number;
  /** Units are sold in whole packs of this many; 1 when sold singly. */
  packOf: number;
}

export const SINGLE_UNITS: OrderUnits = { minQty: 1, packOf: 1 };

/** Units read from a stored line or a product, where an older one has none. */
export function orderUnits(value: { minQty?: number | null; packOf?: number | null }): OrderUnits {
  const whole = (n: number | null | undefined) =>
    typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
  return { minQty: whole(value.minQty), packOf: whole(value.packOf) };
}

/** The smallest quantity a line may have: the minimum, rounded up to a whole pack. */
export function firstQuantity(units: OrderUnits): number {
  return Math.ceil(units.minQty / units.packOf) * units.packOf;
}

export function isRightQuantity(qty: number, units: OrderUnits): boolean {
  return Number.isInteger(qty) && qty >= units.minQty && qty % units.packOf === 0;
}

/** A quantity asked for, made right by rounding it up (0 stays 0: no line). */
export function fitQuantity(qty: number, units: OrderUnits): number {
  if (!Number.isFinite(qty) || qty <= 0) return 0;
  return Math.max(firstQuantity(units), Math.ceil(Math.floor(qty) / units.packOf) * units.packOf);
}

/** One step up from a quantity: the next whole pack, or the first right quantity. */
export function nextQuantity(qty: number, units: OrderUnits): number {
  return fitQuantity(Math.max(0, Math.floor(qty)) + 1, units);
}

/** One step down: a pack fewer, or 0 (the line goes) below the first right quantity. */
export function previousQuantity(qty: number, units: OrderUnits): number {
  const fewer = Math.ceil(Math.floor(qty) / units.packOf) * units.packOf - units.packOf;
  return fewer < firstQuantity(units) ? 0 : fewer;
}

/** What a card or a product page says of the units: "Min 5 · in packs of 6"; null when sold singly. */
export function unitsLabel(units: OrderUnits): string | null {
  const parts: string[] = [];
  if (units.minQty > 1) parts.push(`Min ${units.minQty}`);
  if (units.packOf > 1) parts.push(parts.length > 0 ? `in packs of ${units.packOf}` : `In packs of ${units.packOf}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The note shown when a typed quantity was rounded up to a right one. */
export function roundedNote(asked: number, fitted: number, units: OrderUnits): string | null {
  if (asked <= 0 || fitted === asked) return null;
  const why =
    fitted === firstQuantity(units) && asked < units.minQty
      ? `the least you can order is ${fitted}`
      : `sold in packs of ${units.packOf}`;
  return `Rounded up to ${fitted}: ${why}.`;
}

/** Why a line's quantity cannot be ordered, or null when it can (the server's check). */
export function quantityProblem(label: string, qty: number, units: OrderUnits): string | null {
  if (isRightQuantity(qty, units)) return null;
  const rules = [
    units.minQty > 1 ? `from ${units.minQty} units` : null,
    units.packOf > 1 ? `in packs of ${units.packOf}` : null,
  ].filter((rule): rule is string => rule !== null);
  return `${label} is sold ${rules.join(", ")}: order ${fitQuantity(qty, units)} instead of ${qty}.`;
}

/**
 * Why a price tier's quantity cannot be reached as it says under the packs, or null: a tier from
 * 10 units of a product sold in packs of 6 would really start at 12, and the shopper be told 10.
 */
export function tierQuantityProblem(tierQty: number, units: OrderUnits): string | null {
  if (tierQty % units.packOf === 0) return null;
  const up = Math.ceil(tierQty / units.packOf) * units.packOf;
  return `starts at ${tierQty}, which is not a whole number of packs of ${units.packOf}: make it ${up}`;
}

/** The most of a product a line may take from `available` units: whole packs, or 0 below the first. */
export function largestQuantity(available: number, units: OrderUnits): number {
  const most = Math.floor(Math.max(0, available) / units.packOf) * units.packOf;
  return most < firstQuantity(units) ? 0 : most;
}
