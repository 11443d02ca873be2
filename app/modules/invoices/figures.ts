import { type Supply, splitTax, spreadDiscount, type TaxSplit } from "./tax";
import { amountInWords } from "./words";

/**
 * An invoice's figures from an order (issue 58): each line's share of the coupon, its value
 * before tax and its tax, the shipping line, the summary by HSN code and rate, the totals and
 * the amount in words. Everything in paise; the invoice's total is the order's grand total to
 * the paisa, or this throws.
 */

export interface InvoiceLineInput {
  description: string;
  hsn: string;
  quantity: number;
  /** The unit quantity code on the invoice: "NOS", "KGS", "PAC". */
  unit: string;
  rateBasisPoints: number;
  /** What the shopper paid for the line before the coupon, GST included. */
  total: number;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** The coupon's discount on the order, spread over the goods (not the shipping). */
  discount: number;
  shipping: { amount: number; sac: string; rateBasisPoints: number };
  supply: Supply;
  /** The order's grand total: what the invoice must come to. */
  grandTotal: number;
}

export interface InvoiceLine extends TaxSplit {
  kind: "goods" | "shipping";
  description: string;
  /** HSN for goods, SAC for shipping. */
  code: string;
  quantity: number;
  unit: string;
  rateBasisPoints: number;
  /** Before the coupon, and after it: the amount the tax is inside. */
  total: number;
  discount: number;
  amount: number;
  /** On a credit note: the invoice's line it gives back (its index). */
  invoiceLine?: number;
}

export interface SummaryRow extends TaxSplit {
  code: string;
  rateBasisPoints: number;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  summary: SummaryRow[];
  totals: TaxSplit & { tax: number; total: number };
  words: string;
}

const add = (into: TaxSplit, part: TaxSplit) => {
  into.taxable += part.taxable;
  into.cgst += part.cgst;
  into.sgst += part.sgst;
  into.igst += part.igst;
};

export function invoiceFigures(input: InvoiceInput): InvoiceFigures {
  const shares = spreadDiscount(
    input.lines.map((line) => line.total),
    input.discount,
  );
  const lines: InvoiceLine[] = input.lines.map((line, index) => {
    const discount = shares[index] ?? 0;
    const amount = line.total - discount;
    return {
      kind: "goods",
      description: line.description,
      code: line.hsn,
      quantity: line.quantity,
      unit: line.unit,
      rateBasisPoints: line.rateBasisPoints,
      total: line.total,
      discount,
      amount,
      ...splitTax(amount, line.rateBasisPoints, input.supply),
    };
  });
  if (input.shipping.amount > 0) {
    lines.push({
      kind: "shipping",
      description: "Shipping",
      code: input.shipping.sac,
      quantity: 1,
      unit: "OTH",
      rateBasisPoints: input.shipping.rateBasisPoints,
      total: input.shipping.amount,
      discount: 0,
      amount: input.shipping.amount,
      ...splitTax(input.shipping.amount, input.shipping.rateBasisPoints, input.supply),
    });
  }
  return summarise(lines, input.grandTotal);
}

/**
 * The summary by HSN code and rate, the totals and the words of a document's lines; the total
 * must be `expected` to the paisa, or this throws.
 */
export function summarise(lines: InvoiceLine[], expected: number): InvoiceFigures {
  const byCode = new Map<string, SummaryRow>();
  const totals = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const line of lines) {
    const key = `${line.code}@${line.rateBasisPoints}`;
    let row = byCode.get(key);
    if (!row) {
      row = { code: line.code, rateBasisPoints: line.rateBasisPoints, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      byCode.set(key, row);
    }
    add(row, line);
    add(totals, line);
  }
  const tax = totals.cgst + totals.sgst + totals.igst;
  const total = totals.taxable + tax;
  if (total !== expected) {
    throw new Error(`the document comes to ${total} paise, not ${expected}`);
  }
  const summary = [...byCode.values()].sort(
    (a, b) => a.rateBasisPoints - b.rateBasisPoints || a.code.localeCompare(b.code),
  );
  return { lines, summary, totals: { ...totals, tax, total }, words: amountInWords(total) };
}
