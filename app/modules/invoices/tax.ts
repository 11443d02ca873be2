import { INDIAN_STATES } from "../india/states";

/**
 * GST on a GST-inclusive price (issue 58, reference/india.md, "GST on an inclusive price"), in
 * integer paise. Rates are in basis points (hundredths of a percent) so that 0.25% is a whole
 * number: 0, 25, 300, 500, 1800, 4000.
 */

/** A rate as a store may list it: a percentage from 0 to 100 with at most two decimals. */
export function ratePercentProblem(rate: number): string | null {
  return Number.isFinite(rate) && rate >= 0 && rate <= 100 && Math.round(rate * 100) === rate * 100
    ? null
    : "A GST rate is a percentage from 0 to 100, like 5 or 0.25.";
}

/**
 * A store's list of rates as its owner types it, "0, 0.25, 3, 5, 18, 40": each a percentage,
 * none twice, at most 12, returned lowest first.
 */
export function parseRateList(text: string): { rates: number[] } | { problem: string } {
  const words = text.split(/[\s,;%]+/).filter(Boolean);
  if (words.length === 0) return { problem: "List at least one rate, like 0, 5, 18." };
  if (words.length > 12) return { problem: "List at most 12 rates." };
  const rates: number[] = [];
  for (const word of words) {
    const rate = /^\d+(\.\d+)?$/.test(word) ? Number(word) : Number.NaN;
    if (ratePercentProblem(rate)) return { problem: `"${word}" is not a rate: use percentages like 5 or 0.25.` };
    if (rates.includes(rate)) return { problem: `${word}% is listed twice.` };
    rates.push(rate);
  }
  return { rates: rates.sort((a, b) => a - b) };
}

/** "18%", "0.25%". */
export function rateLabel(rateBasisPoints: number): string {
  return `${rateBasisPoints / 100}%`;
}

/** An HSN code as an invoice takes it: 4, 6 or 8 digits. */
export function hsnProblem(hsn: string): string | null {
  return /^(\d{4}|\d{6}|\d{8})$/.test(hsn) ? null : "An HSN code has 4, 6 or 8 digits.";
}

/** A SAC (services accounting code) for the shipping line: 4 or 6 digits, starting 99. */
export function sacProblem(sac: string): string | null {
  return /^99(\d{2}|\d{4})$/.test(sac) ? null : "A SAC code has 4 or 6 digits and starts with 99.";
}

/**
 * The value before tax of an inclusive amount: round(P × 100 / (100 + r)), half up, in whole
 * paise, computed without fractions. ₹250.00 at 18% is ₹211.86.
 */
export function taxableOf(inclusive: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(inclusive) || inclusive < 0) throw new RangeError("an amount is whole paise, not negative");
  // BigInt: an order of ₹50 crore times 20,000 is past the integers a double holds exactly.
  const divisor = BigInt(10_000 + rateBasisPoints);
  return Number((2n * BigInt(inclusive) * 10_000n + divisor) / (2n * divisor));
}

/** Union territories without a legislature, where the State's share is UTGST. */
const UTGST_CODES: ReadonlySet<string> = new Set(["35", "04", "26", "38", "31"]);

export type Supply =
  /** Delivered in the supplier's own state: CGST and SGST, or UTGST in a union territory without a legislature. */
  | { kind: "intra"; stateShare: "SGST" | "UTGST" }
  /** Delivered to another state: IGST. */
  | { kind: "inter" };

export interface PlaceOfSupply {
  name: string;
  code: string;
}

/** The GST state code of a state's name as an address gives it ("Maharashtra" → 27); null when unknown. */
export function placeOfSupply(stateName: string): PlaceOfSupply | null {
  const wanted = stateName.trim().toLowerCase();
  const state = INDIAN_STATES.find((s) => s.name.toLowerCase() === wanted);
  return state ? { name: state.name, code: state.gstCode } : null;
}

/** Place of supply for goods is where they are delivered (reference/india.md). */
export function supplyBetween(supplierStateCode: string, deliveryStateCode: string): Supply {
  if (supplierStateCode !== deliveryStateCode) return { kind: "inter" };
  return { kind: "intra", stateShare: UTGST_CODES.has(deliveryStateCode) ? "UTGST" : "SGST" };
}

export interface TaxSplit {
  taxable: number;
  /** Central tax; 0 when inter-state. */
  cgst: number;
  /** State (or union territory) tax; 0 when inter-state. */
  sgst: number;
  /** Integrated tax; 0 when intra-state. */
  igst: number;
}

/** The tax inside one inclusive amount: intra-state CGST = floor(tax / 2), the State the rest. */
export function splitTax(inclusive: number, rateBasisPoints: number, supply: Supply): TaxSplit {
  const taxable = taxableOf(inclusive, rateBasisPoints);
  const tax = inclusive - taxable;
  if (supply.kind === "inter") return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/**
 * A coupon's discount spread over the lines in proportion to their value, before tax is taken
 * out, so that each line's tax is on what was really paid for it. Each share is rounded down;
 * what rounding leaves goes to the largest line (the first of equals). The shares add up to the
 * discount exactly.
 */
export function spreadDiscount(lineTotals: readonly number[], discount: number): number[] {
  const sum = lineTotals.reduce((total, line) => total + line, 0);
  if (discount <= 0 || sum === 0) return lineTotals.map(() => 0);
  if (discount > sum) throw new RangeError("a discount larger than the lines it is spread over");
  const shares = lineTotals.map((line) => Number((BigInt(discount) * BigInt(line)) / BigInt(sum)));
  const left = discount - shares.reduce((total, share) => total + share, 0);
  let largest = 0;
  lineTotals.forEach((line, index) => {
    if (line > (lineTotals[largest] ?? 0)) largest = index;
  });
  shares[largest] = (shares[largest] ?? 0) + left;
  return shares;
}
