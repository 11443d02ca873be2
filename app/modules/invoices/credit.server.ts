import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { gstSettingsSchema } from "../../db/json-columns";
import { invoices, orderEvents, stores } from "../../db/schema";
import { creditedSoFar, creditFigures } from "./credit";
import type { InvoiceDocument } from "./document";
import { nextSequence } from "./issue.server";
import { creditNoteNumber, financialYear } from "./numbering";

/**
 * Issuing a credit note (issue 58) in the transaction that cancels an order or completes a
 * refund. The invoice's row is locked first, so two notes for one invoice (a refund finishing
 * while the order is cancelled) are worked out one after the other from what is left; the
 * number comes from the store's credit-note series as an invoice's does from its own.
 */

export type CreditOutcome =
  | { issued: true; id: string; number: string; total: number }
  | { issued: false; reason: "no invoice" | "nothing left" | "already" };

export async function issueCreditNote(
  tx: Tx,
  orderId: string,
  input: { amount: number | "rest"; reason: string; refundId?: string },
  at = new Date(),
): Promise<CreditOutcome> {
  const [invoice] = await tx
    .select({ id: invoices.id, storeId: invoices.storeId, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")))
    .for("update");
  if (!invoice) return { issued: false, reason: "no invoice" };
  const notes = await tx
    .select({ document: invoices.document, refundId: invoices.refundId })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, "credit-note")))
    .orderBy(asc(invoices.sequence));
  if (input.refundId && notes.some((note) => note.refundId === input.refundId)) {
    return { issued: false, reason: "already" };
  }
  const original = invoice.document as InvoiceDocument;
  const credited = creditedSoFar(
    original.figures,
    notes.map((note) => (note.document as InvoiceDocument).figures),
  );
  const figures = creditFigures(original.figures, credited, input.amount, original.supply);
  if (!figures) return { issued: false, reason: "nothing left" };

  const [store] = await tx.select({ gst: stores.gst }).from(stores).where(eq(stores.id, invoice.storeId));
  const gst = gstSettingsSchema.parse(store?.gst ?? {});
  // The prefix the invoice was numbered with, so that a store's renamed series keeps its notes beside their invoices.
  const prefix = original.number.split("/")[0] || gst.invoicePrefix;
  const year = financialYear(at);
  const sequence = await nextSequence(tx, invoice.storeId, "credit-note", year.start);
  const number = creditNoteNumber(prefix, year.label, sequence);
  const document: InvoiceDocument = {
    ...original,
    kind: "credit-note",
    number,
    issuedAt: at.toISOString(),
    figures,
    against: { number: original.number, issuedAt: original.issuedAt, total: original.figures.totals.total },
    reason: input.reason,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      storeId: invoice.storeId,
      orderId,
      kind: "credit-note",
      number,
      yearStart: year.start,
      sequence,
      invoiceId: invoice.id,
      refundId: input.refundId ?? null,
      issuedAt: at,
      total: figures.totals.total,
      document,
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error("the credit note was not written");
  await tx
    .insert(orderEvents)
    .values({ orderId, kind: "invoice", source: "console", detail: { number, creditNote: true } });
  return { issued: true, id: row.id, number, total: figures.totals.total };
}
