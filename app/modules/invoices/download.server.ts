import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import { invoices, orders } from "../../db/schema";
import type { Customer } from "../accounts/account.server";
import { hashToken } from "../orders/tokens.server";
import type { InvoiceDocument } from "./document";
import { invoiceLook } from "./logo.server";
import { pdfName } from "./numbering";
import { invoicePdf } from "./pdf.server";

/**
 * Who may download an order's invoice (issue 58), with the same rules as the order itself:
 * the store's staff; the browser that placed the order (its access token); and the signed-in
 * customer whose order it is, when they placed it signed in. A guest's order found by the
 * customer's phone is not theirs to download: the invoice carries the name and address the
 * guest typed (ADR 0052).
 */

export type InvoiceViewer =
  | { kind: "staff" }
  | { kind: "customer"; accessToken: string | null; customer: Customer | null };

/**
 * The order's invoice, or with `documentId` one of its documents (a credit note), when the
 * viewer may have it; null otherwise, alike for "none" and "not yours".
 */
export async function invoiceFor(
  db: Db,
  storeId: string,
  orderId: string,
  viewer: InvoiceViewer,
  documentId: string | null = null,
): Promise<{ number: string; document: InvoiceDocument } | null> {
  if (!isUuid(orderId) || (documentId !== null && !isUuid(documentId))) return null;
  const [row] = await db
    .select({
      number: invoices.number,
      document: invoices.document,
      accessTokenHash: orders.accessTokenHash,
      customerId: orders.customerId,
      signedIn: orders.signedIn,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(invoices.storeId, storeId),
        eq(invoices.orderId, orderId.toLowerCase()),
        documentId === null ? eq(invoices.kind, "invoice") : eq(invoices.id, documentId.toLowerCase()),
      ),
    );
  if (!row) return null;
  if (viewer.kind === "customer") {
    const placedHere = viewer.accessToken !== null && row.accessTokenHash === hashToken(viewer.accessToken);
    const theirs = viewer.customer !== null && row.signedIn && row.customerId === viewer.customer.id;
    if (!placedHere && !theirs) return null;
  }
  return { number: row.number, document: row.document as InvoiceDocument };
}

/** The PDF as a download named after the invoice: "ANN-26-27-000123.pdf". */
export async function invoiceResponse(
  db: Db,
  storeId: string,
  invoice: { number: string; document: InvoiceDocument },
): Promise<Response> {
  const pdf = await invoicePdf(invoice.document, await invoiceLook(db, storeId));
  const name = pdfName(invoice.number);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
