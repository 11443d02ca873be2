import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { invoices } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { type Actor, moveOrder, recordCashCollected } from "../../app/modules/console/fulfilment.server";
import { refundOrder } from "../../app/modules/console/refunds.server";
import { issueCreditNote } from "../../app/modules/invoices/credit.server";
import type { InvoiceDocument } from "../../app/modules/invoices/document";
import { invoiceFor } from "../../app/modules/invoices/download.server";
import { financialYear } from "../../app/modules/invoices/numbering";
import { invoicePdf } from "../../app/modules/invoices/pdf.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createOrderFixture, type OrderFixture, orderRequest, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Credit notes (issue 58), on both databases: a refund of an invoiced order, and its
 * cancellation, each issue one from the store's own series, against the invoice, for what was
 * given back; together they reverse the invoice to the paisa and never more.
 */
describe.each(databaseKinds)("credit notes on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;
  const year = financialYear(new Date()).label;

  const placeAndConfirm = async () => {
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.butter, qty: 2 }], address: makeCheckoutAddress() }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    const orderId = outcome.order.orderId;
    expect(await moveOrder(database.db, actor, { orderId, to: "Confirmed", seenStatus: "Pending" })).toMatchObject({
      ok: true,
    });
    return orderId;
  };
  const documentsOf = async (orderId: string) =>
    (
      await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId))
        .orderBy(desc(invoices.kind), asc(invoices.sequence))
    ).map((row) => ({ ...row, document: row.document as InvoiceDocument }));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `credit-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `credit-${kind}@shop.in`);
  });
  afterAll(() => database.close());

  it("issues one for a refund and one for the rest when the order is cancelled", async () => {
    const orderId = await placeAndConfirm();
    for (const [to, seenStatus] of [
      ["Packed", "Confirmed"],
      ["Shipped", "Packed"],
      ["Delivered", "Shipped"],
    ] as const) {
      await moveOrder(database.db, actor, { orderId, to, seenStatus });
    }
    await recordCashCollected(database.db, actor, { orderId, amount: 635_00, mode: "cash" });
    const refund = await refundOrder(database.db, null, actor, {
      orderId,
      amount: 100_00,
      mode: "upi",
      reference: "UPI-77",
      reason: "One pack was torn",
    });
    expect(refund).toMatchObject({ ok: true, status: "done" });
    let [invoice, note] = await documentsOf(orderId);
    expect(note).toMatchObject({
      kind: "credit-note",
      number: `ANN/${year}/C00001`,
      invoiceId: invoice?.id,
      refundId: refund.ok ? refund.refundId : "",
      total: 100_00,
    });
    expect(note?.document.against).toEqual({
      number: invoice?.number,
      issuedAt: invoice?.document.issuedAt,
      total: 635_00,
    });
    expect(note?.document.reason).toBe("Refund: One pack was torn");
    expect(note?.document.figures.lines.map((l) => [l.code, l.amount, l.taxable, l.cgst, l.sgst])).toEqual([
      ["0405", 84_41, 80_39, 2_01, 2_01],
      ["9965", 15_59, 13_21, 1_19, 1_19],
    ]);
    // The same refund recorded again gives no second note.
    await database.db.transaction(async (tx) => {
      expect(
        await issueCreditNote(tx, orderId, {
          amount: 100_00,
          reason: "again",
          refundId: refund.ok ? refund.refundId : "",
        }),
      ).toEqual({ issued: false, reason: "already" });
    });

    // The rest refunded: the second note gives back the rest, and the invoice is reversed exactly.
    expect(
      await refundOrder(database.db, null, actor, { orderId, amount: "rest", mode: "cash", reason: "Returned" }),
    ).toMatchObject({ ok: true, amount: 535_00 });
    const documents = await documentsOf(orderId);
    [invoice, note] = documents;
    const rest = documents[2];
    expect(rest).toMatchObject({ number: `ANN/${year}/C00002`, total: 535_00 });
    const sum = (field: "taxable" | "cgst" | "sgst") =>
      documents.slice(1).reduce((total, d) => total + d.document.figures.totals[field], 0);
    expect([sum("taxable"), sum("cgst"), sum("sgst")]).toEqual([
      invoice?.document.figures.totals.taxable,
      invoice?.document.figures.totals.cgst,
      invoice?.document.figures.totals.sgst,
    ]);
  });

  it("credits the whole invoice when a confirmed order is cancelled, and nothing without an invoice", async () => {
    const orderId = await placeAndConfirm();
    expect(await moveOrder(database.db, actor, { orderId, to: "Cancelled", seenStatus: "Confirmed" })).toMatchObject({
      ok: true,
    });
    const [invoice, note] = await documentsOf(orderId);
    expect(note).toMatchObject({ kind: "credit-note", total: invoice?.total, invoiceId: invoice?.id });
    expect(note?.document.reason).toBe("Order cancelled");
    expect(note?.document.figures.lines.map((l) => l.quantity)).toEqual([2, 1]);

    // An order cancelled before it was invoiced has nothing to credit.
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines: [{ productId: fx.ids.salt, qty: 1 }], address: makeCheckoutAddress() }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    await moveOrder(database.db, actor, { orderId: outcome.order.orderId, to: "Cancelled", seenStatus: "Pending" });
    expect(await documentsOf(outcome.order.orderId)).toEqual([]);

    // The PDF, read back: a credit note against its invoice, with its tax and total.
    if (!note) throw new Error("no note");
    const download = await invoiceFor(database.db, fx.store.id, orderId, { kind: "staff" }, note.id);
    expect(download?.number).toBe(note.number);
    const folder = mkdtempSync(path.join(tmpdir(), "mandi-credit-"));
    try {
      writeFileSync(path.join(folder, "note.pdf"), await invoicePdf(note.document));
      const text = execFileSync("pdftotext", ["-layout", path.join(folder, "note.pdf"), "-"], { encoding: "utf8" });
      for (const expected of [
        "CREDIT NOTE",
        `Credit note number: ${note.number}`,
        `Against invoice: ${invoice?.number}`,
        "Reason: Order cancelled",
        "GSTIN 27AAPFU0939F1ZV",
        "510.48",
        "Credit note total (₹)",
        "635.00",
        "Rupees Six Hundred Thirty-Five Only",
      ]) {
        expect(text).toContain(expected);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // A customer with the order's browser gets the note too; a made-up document id nothing.
    expect(await invoiceFor(database.db, fx.store.id, orderId, { kind: "staff" }, crypto.randomUUID())).toBeNull();
  });
});
