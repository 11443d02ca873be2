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

export function formatINR(paise: number): string {
  return inr.format(Math.round(paise) / 100);
}

/** Whole rupees to paise, for catalogue input written in rupees. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
