/**
 * Money is integer paise everywhere; shoppers see whole rupees in en-IN grouping
 * (₹12,34,567), GST-inclusive (spec section 9).
 */
const inr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formatting is slow next to a lookup, and a page shows the same few prices many times. */
const formatted = new Map<number, string>();

export function formatINR(paise: number): string {
  const rupees = Math.round(paise) / 100;
  let text = formatted.get(rupees);
  if (text === undefined) {
    text = inr.format(rupees);
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(rupees, text);
  }
  return text;
}

/** Whole rupees to paise, for catalogue input written in rupees. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
