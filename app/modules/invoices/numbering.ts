/**
 * Invoice numbers (issue 58): a series per store and financial year (April to March, India's
 * time), "PREFIX/26-27/000123", at most 16 characters (CGST Rule 46). The sequence is padded to
 * whatever the prefix leaves of the 16: at least 5 digits for an invoice, 4 for a credit note.
 */

import { IST_OFFSET_MS } from "../india/dates";

export const INVOICE_NUMBER_LENGTH = 16;

/** The financial year an instant falls in, by its date in India: 31 March 23:59 IST is 25-26, 1 April 00:00 is 26-27. */
export function financialYear(at: Date): { start: number; label: string } {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return { start, label: `${two(start)}-${two(start + 1)}` };
}

/** A prefix the store chooses: 1 to 4 capital letters or digits. */
export function prefixProblem(prefix: string): string | null {
  return /^[A-Z0-9]{1,4}$/.test(prefix) ? null : "Use 1 to 4 capital letters or digits, like ANN.";
}

/** The number of the `sequence`th invoice of a year: "ANN/26-27/000123". */
export function invoiceNumber(prefix: string, yearLabel: string, sequence: number): string {
  return documentNumber(`${prefix}/${yearLabel}/`, sequence);
}

/** The number of the `sequence`th credit note of a year, its own series: "ANN/26-27/C00012". */
export function creditNoteNumber(prefix: string, yearLabel: string, sequence: number): string {
  return documentNumber(`${prefix}/${yearLabel}/C`, sequence);
}

function documentNumber(head: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError("a sequence starts at 1");
  const number = head + String(sequence).padStart(INVOICE_NUMBER_LENGTH - head.length, "0");
  if (number.length > INVOICE_NUMBER_LENGTH) {
    throw new RangeError(`number ${sequence} does not fit ${INVOICE_NUMBER_LENGTH} characters after ${head}`);
  }
  return number;
}

/** A document's file name: "ANN/26-27/000123" → "ANN-26-27-000123.pdf". */
export const pdfName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
