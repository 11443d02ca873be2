import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { Zip, ZipPassThrough } from "fflate";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import { invoices } from "../../db/schema";
import { IST_OFFSET_MS } from "../india/dates";
import type { InvoiceDocument } from "./document";
import { pdfName } from "./numbering";
import { type InvoiceLook, invoicePdf } from "./pdf.server";

/**
 * The documents an accountant asks for (issue 58): a month's invoices and credit notes, or
 * those of the orders the staff ticked, and all of them as PDFs in one ZIP.
 */

/** "2026-12" → the instants that month starts and ends in India; null for anything else. */
export function monthRange(month: string): { from: Date; to: Date; period: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11 || year < 2017 || year > 2100) return null;
  return {
    from: new Date(Date.UTC(year, index, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - IST_OFFSET_MS),
    period: `${match[2]}${match[1]}`,
  };
}

/** This month in India: "2026-12". */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

export interface IssuedDocument {
  number: string;
  document: InvoiceDocument;
}

/** A month's documents: invoices, then credit notes, each in the order of their series. */
export async function monthDocuments(db: Db, storeId: string, range: { from: Date; to: Date }) {
  const rows = await db
    .select({ number: invoices.number, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.storeId, storeId), gte(invoices.issuedAt, range.from), lt(invoices.issuedAt, range.to)))
    .orderBy(desc(invoices.kind), asc(invoices.yearStart), asc(invoices.sequence));
  return rows.map((row) => ({ number: row.number, document: row.document as InvoiceDocument }));
}

/** Most orders whose documents one ZIP takes from a ticked list. */
export const MAX_ORDERS = 200;

/** The invoices and credit notes of the orders given (at most MAX_ORDERS), in the order of their series. */
export async function ordersDocuments(db: Db, storeId: string, orderIds: readonly string[]) {
  const ids = [...new Set(orderIds.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, MAX_ORDERS);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ number: invoices.number, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.storeId, storeId), inArray(invoices.orderId, ids)))
    .orderBy(desc(invoices.kind), asc(invoices.yearStart), asc(invoices.sequence));
  return rows.map((row) => ({ number: row.number, document: row.document as InvoiceDocument }));
}

/**
 * The documents' PDFs in one ZIP, made one PDF at a time as the download is read: a month of
 * thousands never sits in memory, and the first bytes leave at once. PDFs are compressed
 * already, so they are stored as they are.
 */
export function documentsZip(documents: readonly IssuedDocument[], look: InvoiceLook): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const item = documents[next++];
      if (!item) {
        zip.end();
        return;
      }
      const file = new ZipPassThrough(pdfName(item.number));
      zip.add(file);
      file.push(new Uint8Array(await invoicePdf(item.document, look)), true);
    },
    cancel() {
      zip.terminate();
    },
  });
}
