import type { PincodeBandRates } from "./rules";

/**
 * Pincode rates as an owner pastes them (issue 56): one pincode a line, then its three rates in
 * rupees, for an amount after discount up to ₹999, ₹1,000 to ₹4,999, and ₹5,000 and above:
 * "400703, 49, 29, 0". Commas, tabs (a spreadsheet's columns) or spaces separate them; a line
 * with one rate uses it for all three bands. Every bad line is named; none is taken until all are
 * right.
 */

export const MAX_RATE_LINES = 5000;

export type RateLine = { pincode: string } & PincodeBandRates;

export interface RateLineProblem {
  line: number;
  text: string;
  message: string;
}

const RUPEES = /^₹?\d{1,5}(\.\d{1,2})?$/;

export function parseRateLines(text: string): { rates: RateLine[] } | { problems: RateLineProblem[] } {
  const rates = new Map<string, RateLine>();
  const problems: RateLineProblem[] = [];
  const lines = text.split(/\r?\n/);
  if (lines.length > MAX_RATE_LINES) {
    return {
      problems: [{ line: MAX_RATE_LINES + 1, text: "", message: `Paste at most ${MAX_RATE_LINES} lines at once.` }],
    };
  }
  const seen = new Map<string, number>();
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "") continue;
    const cells = trimmed.split(/[\t,;]+|\s+/).filter(Boolean);
    const problem = (message: string) => {
      problems.push({ line, text: trimmed, message });
    };
    const [pincode = "", ...amounts] = cells;
    // A heading a spreadsheet copied along ("Pincode, Up to 999, ...").
    if (index === 0 && !/\d/.test(pincode)) continue;
    if (!/^[1-9]\d{5}$/.test(pincode)) {
      problem(`"${pincode}" is not a 6-digit pincode.`);
      continue;
    }
    if (amounts.length !== 1 && amounts.length !== 3) {
      problem("Give the pincode and one rate, or three: up to ₹999, ₹1,000 to ₹4,999, ₹5,000 and above.");
      continue;
    }
    const bad = amounts.find((amount) => !RUPEES.test(amount));
    if (bad !== undefined) {
      problem(`"${bad}" is not an amount in rupees, like 49 or 49.50.`);
      continue;
    }
    const first = seen.get(pincode);
    if (first !== undefined) {
      problem(`${pincode} is on line ${first} too.`);
      continue;
    }
    seen.set(pincode, line);
    const paise = amounts.map((amount) => Math.round(Number(amount.replace("₹", "")) * 100));
    const [upTo999 = 0, from1000 = upTo999, from5000 = upTo999] = paise;
    rates.set(pincode, { pincode, rateUpTo999: upTo999, rate1000To4999: from1000, rateFrom5000: from5000 });
  }
  if (problems.length > 0) return { problems };
  return { rates: [...rates.values()] };
}
