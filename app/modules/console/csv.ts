/**
 * CSV for spreadsheets (issue 54): Excel reads UTF-8 only after a byte-order mark, fields are
 * quoted where they must be, and a cell that a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return at its start) is written as text, so a customer's name can never
 * become a formula on the shop's computer (OWASP's "CSV injection").
 */

export const BOM = "\uFEFF";

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  // A negative amount ("-80.39") is a number, not a formula: only digits follow its sign.
  const formula = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value);
  const text = formula ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Paise as rupees with two decimals, as a spreadsheet reads a number: 123456 -> "1234.56". */
export function rupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
