import { type InvoiceFigures, type InvoiceLine, summarise } from "./figures";
import { type Supply, splitTax, spreadDiscount, type TaxSplit } from "./tax";

/**
 * A credit note's figures (issue 58): what of an invoice is given back. A refund of part of an
 * order is spread over what is left of each invoice line in proportion to it, like a coupon,
 * and each share's tax taken out at its line's rate; a cancellation gives back all that is left.
 * "All that is left" subtracts what earlier credit notes gave back, tax included, so that an
 * invoice credited in several steps is reversed to the paisa, whatever the rounding of each.
 */

/** What earlier credit notes gave back of one invoice line. */
export type Credited = TaxSplit & { amount: number };

const NOTHING: Credited = { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };

/** Sums earlier credit notes' lines per invoice line. */
export function creditedSoFar(invoice: InvoiceFigures, notes: readonly InvoiceFigures[]): Credited[] {
  const credited = invoice.lines.map(() => ({ ...NOTHING }));
  for (const note of notes) {
    for (const line of note.lines) {
      const into = line.invoiceLine === undefined ? undefined : credited[line.invoiceLine];
      if (!into) continue;
      into.amount += line.amount;
      into.taxable += line.taxable;
      into.cgst += line.cgst;
      into.sgst += line.sgst;
      into.igst += line.igst;
    }
  }
  return credited;
}

/** What an invoice still has to give back: its total less earlier credit notes'. */
export function creditLeft(invoice: InvoiceFigures, credited: readonly Credited[]): number {
  return invoice.lines.reduce((sum, line, index) => sum + line.amount - (credited[index]?.amount ?? 0), 0);
}

/**
 * The lines of a credit note for `amount` paise ("rest": all that is left), or null when the
 * invoice has nothing left to give back. An amount above what is left gives back what is left.
 */
export function creditFigures(
  invoice: InvoiceFigures,
  credited: readonly Credited[],
  amount: number | "rest",
  supply: Supply,
): InvoiceFigures | null {
  const left = invoice.lines.map((line, index) => line.amount - (credited[index]?.amount ?? 0));
  const whole = left.reduce((sum, value) => sum + value, 0);
  if (whole <= 0) return null;
  const rest = amount === "rest" || amount >= whole;
  const shares = rest ? left : spreadDiscount(left, amount);
  const lines: InvoiceLine[] = [];
  invoice.lines.forEach((line, index) => {
    const share = shares[index] ?? 0;
    if (share <= 0) return;
    const before = credited[index] ?? NOTHING;
    // The last of a line: exactly the tax the invoice charged less what was given back.
    const tax: TaxSplit =
      share === (left[index] ?? 0)
        ? {
            taxable: line.taxable - before.taxable,
            cgst: line.cgst - before.cgst,
            sgst: line.sgst - before.sgst,
            igst: line.igst - before.igst,
          }
        : splitTax(share, line.rateBasisPoints, supply);
    // Goods given back whole keep their quantity; a part of a line's value is a value, not goods.
    const wholeLine = share === line.amount;
    lines.push({
      kind: line.kind,
      description: line.description,
      code: line.code,
      quantity: wholeLine ? line.quantity : 0,
      unit: line.unit,
      rateBasisPoints: line.rateBasisPoints,
      total: share,
      discount: 0,
      amount: share,
      ...tax,
      invoiceLine: index,
    });
  });
  return summarise(
    lines,
    lines.reduce((sum, line) => sum + line.amount, 0),
  );
}
