/**
 * An amount in words the way Indian invoices write it (issue 58): Indian numbering (thousand,
 * lakh, crore), "Rupees ... and ... Paise Only". 2,34,567.89 is "Rupees Two Lakh Thirty-Four
 * Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only".
 */

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0-99: "Sixty-Seven". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const tens = TENS[Math.floor(n / 10)] ?? "";
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 0-999: "Five Hundred Sixty-Seven". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in Indian words: crores, lakhs, thousands, then the rest. */
export function numberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError("a whole number, not negative");
  if (value === 0) return "Zero";
  const parts: string[] = [];
  const crores = Math.floor(value / 1_00_00_000);
  // Above 99 crore the crores are themselves a number in words: "One Hundred Twenty Crore".
  if (crores) parts.push(`${numberInWords(crores)} Crore`);
  const lakhs = Math.floor((value % 1_00_00_000) / 1_00_000);
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor((value % 1_00_000) / 1_000);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  const rest = value % 1_000;
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError("an amount is whole paise, not negative");
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return "Rupees Zero Only";
  if (rupees === 0) return `${belowHundred(rest)} Paise Only`;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ""} Only`;
}
