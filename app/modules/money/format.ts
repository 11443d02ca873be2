/** A page shows the same few prices many times: a lookup is a tenth of writing one out. */
const formatted = new Map<number, string>();

/**
 * Money is integer paise everywhere; shoppers see whole rupees in en-IN grouping
 * (₹12,34,567), GST-inclusive (spec section 9).
 *
 * Written out rather than asked of `Intl.NumberFormat("en-IN", { style: "currency" })`, which
 * gives the same text: making that formatter loads the locale's data, 33 ms of the main thread
 * in Chromium on this project's machine, more on a phone (ADR 0034), on every page that shows a
 * price. The unit test compares the two over every rupee up to five thousand and many beyond.
 */
export function formatINR(paise: number): string {
  const whole = Math.round(paise);
  let text = formatted.get(whole);
  if (text === undefined) {
    // Rounded half away from zero to whole rupees, as Intl does.
    const rupees = String(Math.floor((Math.abs(whole) + 50) / 100));
    // The last three digits, then groups of two: 12,34,567.
    const head = rupees.slice(0, -3);
    const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${rupees.slice(-3)}` : rupees;
    text = whole < 0 ? `-₹${grouped}` : `₹${grouped}`;
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(whole, text);
  }
  return text;
}

/** Whole rupees to paise, for catalogue input written in rupees. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
