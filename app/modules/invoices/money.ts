/**
 * Money as an invoice prints it: rupees and paise with Indian grouping, "1,64,430.00". The
 * storefront shows whole rupees (money/format.ts); a tax invoice shows every paisa.
 */
export function invoiceAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError("an amount is whole paise");
  const sign = paise < 0 ? "-" : "";
  const whole = String(Math.floor(Math.abs(paise) / 100));
  const fraction = String(Math.abs(paise) % 100).padStart(2, "0");
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}` : whole;
  return `${sign}${grouped}.${fraction}`;
}

/** A date as an invoice prints it, in India's time: "6 Dec 2026". */
export function invoiceDate(iso: string): string {
  return new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));
}
