import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { invoices, jobs, orderEvents, orderItems, products, smsOutbox, stores } from "../../app/db/schema";
import { demoCatalogue, makeCheckoutAddress } from "../../app/demo/factories";
import { saveMedia } from "../../app/demo/seed.server";
import { createLogger } from "../../app/logger.server";
import { type Actor, moveOrder } from "../../app/modules/console/fulfilment.server";
import type { InvoiceDocument } from "../../app/modules/invoices/document";
import { invoiceFor } from "../../app/modules/invoices/download.server";
import { invoiceLook } from "../../app/modules/invoices/logo.server";
import { financialYear } from "../../app/modules/invoices/numbering";
import { invoicePdf } from "../../app/modules/invoices/pdf.server";
import { createWorker } from "../../app/modules/jobs/worker.server";
import { FileEmail, filedEmails } from "../../app/modules/notifications/email-senders.server";
import { orderMessageHandlers } from "../../app/modules/notifications/order-messages.server";
import { OutboxOrderSms } from "../../app/modules/notifications/sms-senders.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createOrderFixture, type OrderFixture, orderRequest, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Tax invoices issued with the order's confirmation (issue 58), on both databases: numbered
 * from the store's series without gaps however many are confirmed at once, built from the rates
 * the order was sold with, and never changed afterwards.
 */
describe.each(databaseKinds)("invoices on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;
  const year = financialYear(new Date()).label;

  const place = async (lines: Array<{ productId: string; qty: number }>, address = {}) => {
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({ lines, address: { ...makeCheckoutAddress(), ...address } }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.order;
  };
  const confirm = (orderId: string) =>
    moveOrder(database.db, actor, { orderId, to: "Confirmed", seenStatus: "Pending" });
  const invoiceOf = async (orderId: string) => {
    const [row] = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
    return row ? { ...row, document: row.document as InvoiceDocument } : null;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `invoices-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `books-${kind}@shop.in`);
  });
  afterAll(() => database.close());

  it("issues the invoice when the order is confirmed, with the rates it was sold with", async () => {
    // Butter at 5% (HSN 0405): 2 x ₹268 = ₹536, and ₹99 delivery to Vashi at 18%.
    const order = await place([{ productId: fx.ids.butter, qty: 2 }], {
      gstNumber: "29AAGCB7383J1Z4",
      companyName: "Bangalore Bites",
    });
    const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    expect(line).toMatchObject({ hsnCode: "0405", gstRate: 5 });
    // The catalogue changes after the sale: the invoice keeps the sale's rate.
    await database.db.update(products).set({ gstRate: 18, hsnCode: "0406" }).where(eq(products.id, fx.ids.butter));
    expect(await invoiceOf(order.orderId)).toBeNull();

    expect(await confirm(order.orderId)).toMatchObject({ ok: true, status: "Confirmed" });
    const invoice = await invoiceOf(order.orderId);
    expect(invoice?.number).toMatch(new RegExp(`^ANN/${year}/\\d{6}$`));
    expect(invoice?.total).toBe(635_00);
    const document = invoice?.document;
    expect(document?.supplier).toMatchObject({
      name: "Annapurna Foodservice Private Limited",
      gstin: "27AAPFU0939F1ZV",
      state: { name: "Maharashtra", code: "27" },
    });
    expect(document?.recipient).toMatchObject({ company: "Bangalore Bites", gstin: "29AAGCB7383J1Z4" });
    // Delivered in Maharashtra, the shop's state: CGST and SGST, whatever state the buyer's GSTIN is of.
    expect(document?.placeOfSupply).toEqual({ name: "Maharashtra", code: "27" });
    expect(document?.reverseCharge).toBe("No");
    expect(
      document?.figures.lines.map((l) => [l.code, l.rateBasisPoints, l.amount, l.taxable, l.cgst, l.sgst, l.igst]),
    ).toEqual([
      ["0405", 500, 536_00, 510_48, 12_76, 12_76, 0],
      ["9965", 1800, 99_00, 83_90, 7_55, 7_55, 0],
    ]);
    expect(document?.figures.totals.total).toBe(635_00);
    expect(document?.figures.words).toBe("Rupees Six Hundred Thirty-Five Only");
    const events = await database.db
      .select({ detail: orderEvents.detail })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.kind, "invoice")));
    expect(events).toEqual([{ detail: { number: invoice?.number } }]);

    // Once: the same step again, and delivery, issue nothing more.
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Confirmed", seenStatus: "Pending" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Packed", seenStatus: "Confirmed" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Shipped", seenStatus: "Packed" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Delivered", seenStatus: "Shipped" });
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, order.orderId))).toHaveLength(1);
    await database.db.update(products).set({ gstRate: 5, hsnCode: "0405" }).where(eq(products.id, fx.ids.butter));
  });

  it("charges IGST on delivery to another state", async () => {
    const order = await place([{ productId: fx.ids.butter, qty: 1 }]);
    // The address as if delivered in Karnataka (the fixture's zones are Mumbai's).
    await database.db.execute(
      sql`update orders set customer_address = customer_address || '{"state": "Karnataka"}'::jsonb where id = ${order.orderId}`,
    );
    await confirm(order.orderId);
    const document = (await invoiceOf(order.orderId))?.document;
    expect(document?.placeOfSupply).toEqual({ name: "Karnataka", code: "29" });
    expect(document?.supply).toEqual({ kind: "inter" });
    expect(document?.recipient.gstin).toBeNull();
    expect(document?.figures.lines.map((l) => [l.cgst, l.sgst, l.igst])).toEqual([
      [0, 0, 12_76],
      [0, 0, 15_10],
    ]);
  });

  it("numbers invoices consecutively, without gaps or repeats, however many are confirmed at once", {
    timeout: 120_000,
  }, async () => {
    const placed = [];
    for (let n = 0; n < 100; n++) placed.push(await place([{ productId: fx.ids.salt, qty: 1 }]));
    const outcomes = await Promise.all(placed.map((order) => confirm(order.orderId)));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const rows = await database.db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.storeId, fx.store.id), eq(invoices.kind, "invoice")))
      .orderBy(invoices.sequence);
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    expect(rows.at(-1)?.number).toBe(`ANN/${year}/${String(rows.length).padStart(6, "0")}`);
  });

  it("issues on delivery when the store says so, and not at all without a GST registration", async () => {
    const [row] = await database.db.select({ gst: stores.gst }).from(stores).where(eq(stores.id, fx.store.id));
    await database.db
      .update(stores)
      .set({ gst: { ...row?.gst, issueOn: "delivered" } })
      .where(eq(stores.id, fx.store.id));
    const order = await place([{ productId: fx.ids.salt, qty: 1 }]);
    await confirm(order.orderId);
    expect(await invoiceOf(order.orderId)).toBeNull();
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Packed", seenStatus: "Confirmed" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Shipped", seenStatus: "Packed" });
    await moveOrder(database.db, actor, { orderId: order.orderId, to: "Delivered", seenStatus: "Shipped" });
    expect((await invoiceOf(order.orderId))?.number).toMatch(/^ANN\//);

    await database.db.update(stores).set({ gst: {} }).where(eq(stores.id, fx.store.id));
    const unregistered = await place([{ productId: fx.ids.salt, qty: 1 }]);
    expect(await confirm(unregistered.orderId)).toMatchObject({ ok: true });
    expect(await invoiceOf(unregistered.orderId)).toBeNull();
    await database.db
      .update(stores)
      .set({ gst: row?.gst ?? {} })
      .where(eq(stores.id, fx.store.id));
  });

  it("gives the PDF to staff, to the browser that placed the order and to its signed-in customer only", async () => {
    const order = await place([{ productId: fx.ids.butter, qty: 2 }], { gstNumber: "27AAPFU0939F1ZV" });
    await confirm(order.orderId);
    const staff = await invoiceFor(database.db, fx.store.id, order.orderId, { kind: "staff" });
    expect(staff?.number).toMatch(/^ANN\//);
    const customer = (accessToken: string | null) =>
      invoiceFor(database.db, fx.store.id, order.orderId, { kind: "customer", accessToken, customer: null });
    expect((await customer(order.accessToken))?.number).toBe(staff?.number);
    expect(await customer("x".repeat(43))).toBeNull();
    expect(await customer(null)).toBeNull();
    // Another store's staff and an order without an invoice answer alike: nothing.
    expect(await invoiceFor(database.db, crypto.randomUUID(), order.orderId, { kind: "staff" })).toBeNull();
    const unconfirmed = await place([{ productId: fx.ids.salt, qty: 1 }]);
    expect(await invoiceFor(database.db, fx.store.id, unconfirmed.orderId, { kind: "staff" })).toBeNull();

    // The PDF, read back as text: the GSTINs, the HSN codes, the tax and the total.
    if (!staff) throw new Error("no invoice");
    // With the store's logo, an SVG in its media, drawn as a PNG.
    const logo = demoCatalogue({ products: 0 }).media.filter((file) => file.key === "demo/logo.svg");
    await saveMedia(database.db, fx.store.id, logo);
    const look = await invoiceLook(database.db, fx.store.id);
    expect(look.logo?.subarray(1, 4).toString()).toBe("PNG");
    const pdf = await invoicePdf(staff.document, look);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(100_000);
    const folder = mkdtempSync(path.join(tmpdir(), "mandi-invoice-"));
    try {
      writeFileSync(path.join(folder, "invoice.pdf"), pdf);
      const images = execFileSync("pdfimages", ["-list", path.join(folder, "invoice.pdf")], { encoding: "utf8" });
      // The logo, and its transparency as a soft mask.
      expect(
        images
          .trim()
          .split("\n")
          .slice(2)
          .map((line) => line.trim().split(/\s+/)[2]),
      ).toEqual(["image", "smask"]);
      const text = execFileSync("pdftotext", ["-layout", path.join(folder, "invoice.pdf"), "-"], { encoding: "utf8" });
      for (const expected of [
        "TAX INVOICE",
        staff.number,
        "GSTIN 27AAPFU0939F1ZV",
        "GSTIN: 27AAPFU0939F1ZV",
        "Place of supply: Maharashtra (27)",
        "Reverse charge: No",
        "0405",
        "9965",
        "510.48",
        "12.76",
        "635.00",
        "Rupees Six Hundred Thirty-Five Only",
        "Authorised signatory",
      ]) {
        expect(text).toContain(expected);
      }
      // The page as a picture (MANDI_INVOICE_PNG=<file> keeps it, to look at): one A4 page, drawn.
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "50",
        "-singlefile",
        path.join(folder, "invoice.pdf"),
        path.join(folder, "page"),
      ]);
      const png = readFileSync(path.join(folder, "page.png"));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      // 50 dpi of A4 is 414 x 585 pixels.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([414, 585]);
      if (process.env.MANDI_INVOICE_PNG) writeFileSync(process.env.MANDI_INVOICE_PNG, png);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("emails the customer the invoice as a PDF, and tells them by SMS, when it is issued", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "mandi-invoice-mail-"));
    try {
      await database.db.delete(jobs);
      const order = await place([{ productId: fx.ids.butter, qty: 1 }]);
      await confirm(order.orderId);
      const invoice = await invoiceOf(order.orderId);
      const worker = createWorker({
        db: database.db,
        log: createLogger("silent"),
        handlers: orderMessageHandlers({
          sms: new OutboxOrderSms(database.db),
          email: new FileEmail(folder, "orders@shop.test"),
          whatsapp: null,
          origin: "http://shop.test",
        }),
        concurrency: 2,
      });
      await worker.drain();
      const mails = await filedEmails(folder);
      const mail = mails.find((m) => m.subject.startsWith("Tax invoice"));
      const file = `${invoice?.number.replaceAll("/", "-")}.pdf`;
      expect(mail).toMatchObject({
        to: "asha@spiceroute-caterers.in",
        subject: `Tax invoice ${invoice?.number} for your order ${order.orderNumber} · ${fx.store.title}`,
        attachments: [file],
      });
      const raw = readFileSync(path.join(folder, `${mail?.id}.eml`), "utf8");
      expect(raw).toContain("Content-Type: application/pdf");
      expect(raw).toContain(`filename=${file}`);
      const [sms] = await database.db
        .select({ body: smsOutbox.body })
        .from(smsOutbox)
        .where(sql`${smsOutbox.body} like ${`%tax invoice ${invoice?.number}%`}`);
      expect(sms?.body).toBe(
        `${fx.store.title}: tax invoice ${invoice?.number} for your order ${order.orderNumber} is ready to download. shop.test/account`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
