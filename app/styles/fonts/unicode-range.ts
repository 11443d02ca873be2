/**
 * `unicode-range` values, for the build's font stylesheets (vite.config.ts).
 *
 * Every store font's latin-ext face (and Hind's, Mukta's and Poppins' Devanagari face) lists the
 * rupee sign, U+20B9, so one '₹' on a page made the browser fetch those files: 72 KB of Inter,
 * on every page, before the first paint on a phone. Taking U+20B9 out of every face draws '₹'
 * with the system font instead (every phone and desktop has it), and those files load only
 * for pages that use their letters. ADR 0013.
 */

/** The value with `codePoint` taken out of each of its ranges; '' when nothing is left. */
export function withoutCodePoint(value: string, codePoint: number): string {
  const hex = (n: number) => n.toString(16).toUpperCase();
  const kept: string[] = [];
  for (const token of value.split(",").map((t) => t.trim())) {
    const range = /^U\+([0-9A-F?]+)(?:-([0-9A-F]+))?$/i.exec(token);
    if (!range?.[1]) {
      kept.push(token);
      continue;
    }
    const [, first, last] = range;
    const lo = Number.parseInt(first.replaceAll("?", "0"), 16);
    const hi = last ? Number.parseInt(last, 16) : Number.parseInt(first.replaceAll("?", "F"), 16);
    if (codePoint < lo || codePoint > hi) {
      kept.push(token);
      continue;
    }
    const part = (a: number, b: number) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`);
    if (lo < codePoint) kept.push(part(lo, codePoint - 1));
    if (codePoint < hi) kept.push(part(codePoint + 1, hi));
  }
  return kept.join(", ");
}

/** U+20B9 INDIAN RUPEE SIGN. */
export const RUPEE_SIGN = 0x20b9;
