import { GST_STATE_CODES } from "./states";

/**
 * GSTIN: 2-digit state code, 5 letters, 4 digits, a letter, an entity code 1-9A-Z, the letter Z
 * and a check character (reference/india.md). The spec's pattern, then the mod-36 check digit.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character for the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = "format" | "check-digit" | "state-code";

/** Checks an upper-cased GSTIN; null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return "format";
  if (!GST_STATE_CODES.has(gstin.slice(0, 2))) return "state-code";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return "check-digit";
  return null;
}
