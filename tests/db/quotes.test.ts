import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog, jobs, orderEvents, orderItems, orders, quotes, smsOutbox, stores } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { createLogger } from "../../app/logger.server";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { answerQuote, listQuotes, openQuoteCount, saveQuoteAbove } from "../../app/modules/console/quotes.server";
import { createWorker } from "../../app/modules/jobs/worker.server";
import { FileEmail, filedEmails } from "../../app/modules/notifications/email-senders.server";
import { quoteMessageHandlers } from "../../app/modules/notifications/quote-messages.server";
import { shopMessageHandlers } from "../../app/modules/notifications/shop-messages.server";
import { OutboxOrderSms } from "../../app/modules/notifications/sms-senders.server";
import { acceptQuote, customerQuotes, declineQuote, findQuote } from "../../app/modules/quotes/accept.server";
import { type QuoteRequestBody, quoteRequestBodySchema, requestQuote } from "../../app/modules/quotes/request.server";
import { QUOTE_MESSAGES } from "../../app/modules/quotes/rules";
import type { Store } from "../../app/modules/store/store.server";
import { createOrderFixture, type OrderFixture, staffActor, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Requests for a quote (issue 59), on both databases: asked for a pincode the store does not
 * serve or a large cart, told to the shop, answered by staff, told to the customer, and accepted
 * once — ten accepts at once place one order at exactly the quoted prices — or declined.
 */
describe.each(databaseKinds)("quotes on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;
  const log = createLogger("silent");
  const origin = "http://shop.test";
  const emailFolder = mkdtempSync(path.join(tmpdir(), "mandi-quote-email-"));
  const email = new FileEmail(emailFolder, "orders@shop.test");
  const worker = () =>
    createWorker({
      db: database.db,
      log,
      handlers: {
        ...shopMessageHandlers({ email, origin }),
        ...quoteMessageHandlers({ sms: new OutboxOrderSms(database.db), email, origin }),
      },
      concurrency: 2,
    });
  const noCustomer = { customerId: null, phone: null, key: null };
  // Bengaluru: not in the fixture's delivery list (Navi Mumbai and Mumbai only).
  const body = (overrides: Partial<QuoteRequestBody> = {}, pincode = "560001"): QuoteRequestBody =>
    quoteRequestBodySchema.parse({
      lines: [
        { productId: fx.ids.butter, qty: 10 },
        { productId: fx.ids.rice, qty: 4 },
      ],
      address: makeCheckoutAddress({ pincode, city: "Bengaluru", state: "Karnataka", phone: "9845012345" }),
      note: "Weekly, Mondays before 9",
      ...overrides,
    });
  const ask = async (store: Store = fx.store, request = body()) => {
    const outcome = await requestQuote(database.db, store, request);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.quote;
  };
  const inTenDays = () => new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
  const answer = async (quoteId: string, unitPrices = [250_00, 2300_00], delivery = 600_00) => {
    const [row] = await database.db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quoteId));
    const saved = await answerQuote(database.db, actor, quoteId, row?.version ?? 0, {
      unitPrices,
      delivery,
      expiresAt: inTenDays(),
      message: "Delivered by our Pune van on Mondays.",
    });
    if (!saved.ok) throw new Error(saved.error);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `quotes-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `quotes-${kind}@shop.in`, "staff");
    await database.db
      .update(stores)
      .set({ notifications: { orderEmail: "owner@shop.test", webhookUrl: "", webhookSecret: "" } })
      .where(eq(stores.id, fx.store.id));
  });
  afterAll(async () => {
    await database.close();
    rmSync(emailFolder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  it("takes a request for a pincode not served, and tells the shop by email", async () => {
    const quote = await ask();
    expect(quote.reference).toMatch(/^Q-[2-9A-HJKMNP-Z]{6}$/);
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({
      status: "requested",
      reason: "not-serviceable",
      pincode: "560001",
      phone: "9845012345",
      note: "Weekly, Mondays before 9",
      customerId: null,
    });
    // The catalogue's prices then, for the staff: butter's tier from 6 (₹262), rice at ₹2,400.
    expect(row?.lines.map((line) => [line.qty, line.listUnitPrice])).toEqual([
      [10, 262_00],
      [4, 2400_00],
    ]);
    expect(await openQuoteCount(database.db, fx.store.id)).toBeGreaterThanOrEqual(1);
    expect((await listQuotes(database.db, fx.store.id, "open")).map((q) => q.id)).toContain(quote.id);

    await worker().drain();
    const mail = (await filedEmails(emailFolder)).find((m) =>
      m.subject.startsWith(`Quote requested ${quote.reference}`),
    );
    expect(mail?.to).toBe("owner@shop.test");
    expect(mail?.text).toContain("their pincode is not in your delivery list");
    expect(mail?.text).toContain("10 × Amul Butter 500 g");
    expect(mail?.text).toContain("Their note: Weekly, Mondays before 9");
    expect(mail?.text).toContain(`${origin}/admin/quotes/${quote.id}`);
  });

  it("refuses a cart that can simply be ordered, and a product the store does not sell", async () => {
    const served = await requestQuote(database.db, fx.store, body({}, "400703"));
    expect(served).toEqual({ ok: false, status: 422, error: QUOTE_MESSAGES.notOffered });
    const retired = await requestQuote(
      database.db,
      fx.store,
      body({ lines: [{ productId: fx.ids.retired, qty: 1, size: null, setSizes: [] }] }),
    );
    expect(retired).toMatchObject({ ok: false, status: 409 });
  });

  it("keeps the owner's amount for quotes with the other order rules, in the audit log", async () => {
    await saveQuoteAbove(database.db, actor, 75_000_00);
    const [row] = await database.db.select({ rules: stores.orderRules }).from(stores).where(eq(stores.id, fx.store.id));
    expect(row?.rules).toMatchObject({ quoteAbove: 75_000_00, codCodeAbove: fx.store.orderRules.codCodeAbove });
    const [entry] = await database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, fx.store.id), eq(auditLog.action, "settings.quote-above")));
    expect(entry).toEqual({ before: { quoteAbove: fx.store.orderRules.quoteAbove }, after: { quoteAbove: 75_000_00 } });
  });

  it("takes a large cart from the store's amount, where it delivers", async () => {
    const store: Store = { ...fx.store, orderRules: { ...fx.store.orderRules, quoteAbove: 10_000_00 } };
    // 4 × ₹2,400 = ₹9,600: below; 5 × ₹2,400 = ₹12,000: from the amount.
    const below = body({ lines: [{ productId: fx.ids.rice, qty: 4, size: null, setSizes: [] }] }, "400703");
    expect(await requestQuote(database.db, store, below)).toMatchObject({ ok: false, status: 422 });
    const large = await ask(
      store,
      body({ lines: [{ productId: fx.ids.rice, qty: 5, size: null, setSizes: [] }] }, "400703"),
    );
    const [row] = await database.db.select({ reason: quotes.reason }).from(quotes).where(eq(quotes.id, large.id));
    expect(row?.reason).toBe("large-order");
  });

  it("opens a quote only for its link's key or the phone that asked, once signed in", async () => {
    const quote = await ask();
    expect(await findQuote(database.db, fx.store.id, quote.id, { ...noCustomer, key: quote.key })).not.toBeNull();
    expect(await findQuote(database.db, fx.store.id, quote.id, { ...noCustomer, key: `${quote.key}x` })).toBeNull();
    expect(await findQuote(database.db, fx.store.id, quote.id, noCustomer)).toBeNull();
    const stranger = { customerId: "5f7e0e4e-7a59-4d57-9c1e-4f2f0f0b0c11", phone: "9999900000", key: null };
    expect(await findQuote(database.db, fx.store.id, quote.id, stranger)).toBeNull();
    const asker = { customerId: "5f7e0e4e-7a59-4d57-9c1e-4f2f0f0b0c12", phone: "9845012345", key: null };
    expect(await findQuote(database.db, fx.store.id, quote.id, asker)).not.toBeNull();
    const mine = await customerQuotes(database.db, fx.store.id, { id: asker.customerId, phone: asker.phone });
    expect(mine.map((q) => q.id)).toContain(quote.id);
    expect(
      (await customerQuotes(database.db, fx.store.id, { id: stranger.customerId, phone: stranger.phone })).map(
        (q) => q.id,
      ),
    ).not.toContain(quote.id);
    // Another store's key opens nothing here.
    expect(await acceptQuote(database.db, fx.store, quote.id, { ...noCustomer, key: "wrong" }, "COD")).toEqual({
      ok: false,
      status: 404,
      error: QUOTE_MESSAGES.notFound,
    });
  });

  it("is answered by staff, tells the customer, and refuses an answer from a stale form", async () => {
    const quote = await ask();
    const access = { ...noCustomer, key: quote.key };
    expect(await acceptQuote(database.db, fx.store, quote.id, access, "COD")).toMatchObject({
      ok: false,
      status: 409,
      error: QUOTE_MESSAGES.notAnswered,
    });
    await answer(quote.id);
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    // 10 × ₹250 + 4 × ₹2,300 + ₹600 delivery = ₹12,300.
    expect(row).toMatchObject({ status: "answered", grandTotal: 12_300_00, version: 2, answeredBy: actor.member.id });
    const stale = await answerQuote(database.db, actor, quote.id, 1, {
      unitPrices: [1_00, 1_00],
      delivery: 0,
      expiresAt: inTenDays(),
      message: "",
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });

    await worker().drain();
    const sms = await database.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.storeId, fx.store.id), eq(smsOutbox.phone, "9845012345")));
    expect(sms.map((s) => s.body)).toContainEqual(
      expect.stringMatching(
        new RegExp(`your quote ${quote.reference} is ready, Rs\\.12,300 in all, valid till \\d+ \\w+ (2026|2027)`),
      ),
    );
    const mail = (await filedEmails(emailFolder)).find((m) =>
      m.subject.includes(`your quote ${quote.reference} is ready`),
    );
    expect(mail?.to).toBe("asha@spiceroute-caterers.in");
    expect(mail?.text).toContain(`${origin}/quotes/${quote.id}?key=${encodeURIComponent(quote.key)}`);
  });

  it("places one order at exactly the quoted prices when ten accepts arrive at once", { timeout: 60_000 }, async () => {
    const quote = await ask();
    await answer(quote.id);
    const butterBefore = (await stockOf(database.db, fx.ids.butter)) ?? 0;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        acceptQuote(database.db, fx.store, quote.id, { ...noCustomer, key: quote.key }, "COD"),
      ),
    );
    const placed = outcomes.filter((outcome) => outcome.ok);
    expect(placed).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => !o.ok)) {
      expect(outcome).toMatchObject({ ok: false, status: 409, error: QUOTE_MESSAGES.accepted });
    }
    const [first] = placed;
    if (!first?.ok) throw new Error("no order");
    const [order] = await database.db.select().from(orders).where(eq(orders.id, first.order.orderId));
    expect(order).toMatchObject({
      subtotal: 11_700_00,
      discount: 0,
      shipping: 600_00,
      grandTotal: 12_300_00,
      shippingType: "quote",
      phone: "9845012345",
    });
    expect(order?.customerAddress.pin).toBe("560001");
    const items = await database.db
      .select({ quantity: orderItems.quantity, unitPrice: orderItems.unitPrice, total: orderItems.total })
      .from(orderItems)
      .where(eq(orderItems.orderId, first.order.orderId))
      .orderBy(orderItems.position);
    expect(items).toEqual([
      { quantity: 10, unitPrice: 250_00, total: 2500_00 },
      { quantity: 4, unitPrice: 2300_00, total: 9200_00 },
    ]);
    // Stock taken once, and the order says where its prices came from.
    expect(await stockOf(database.db, fx.ids.butter)).toBe(butterBefore - 10);
    const [event] = await database.db
      .select({ detail: orderEvents.detail })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, first.order.orderId), eq(orderEvents.kind, "quote")));
    expect(event?.detail).toMatchObject({ reference: quote.reference });
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: "accepted", orderId: first.order.orderId });
    // Answered no more, and declined no more.
    expect(
      await answerQuote(database.db, actor, quote.id, row?.version ?? 0, {
        unitPrices: [1_00, 1_00],
        delivery: 0,
        expiresAt: inTenDays(),
        message: "",
      }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await declineQuote(database.db, fx.store.id, quote.id, { ...noCustomer, key: quote.key })).toMatchObject({
      ok: false,
      error: QUOTE_MESSAGES.accepted,
    });
  });

  it("refuses an expired or declined quote, and keeps a quote open when its stock has run out", async () => {
    const expired = await ask();
    await answer(expired.id);
    await database.db
      .update(quotes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quotes.id, expired.id));
    expect(await acceptQuote(database.db, fx.store, expired.id, { ...noCustomer, key: expired.key }, "COD")).toEqual({
      ok: false,
      status: 410,
      error: QUOTE_MESSAGES.expired,
    });

    const declined = await ask();
    await answer(declined.id);
    expect(await declineQuote(database.db, fx.store.id, declined.id, { ...noCustomer, key: declined.key })).toEqual({
      ok: true,
    });
    expect(
      await acceptQuote(database.db, fx.store, declined.id, { ...noCustomer, key: declined.key }, "COD"),
    ).toMatchObject({
      ok: false,
      error: QUOTE_MESSAGES.declined,
    });

    const short = await ask(
      fx.store,
      body({ lines: [{ productId: fx.ids.butter, qty: 60, size: null, setSizes: [] }] }),
    );
    await answer(short.id, [240_00], 0);
    const refused = await acceptQuote(database.db, fx.store, short.id, { ...noCustomer, key: short.key }, "COD");
    expect(refused).toEqual({ ok: false, status: 409, error: QUOTE_MESSAGES.unavailable("Amul Butter 500 g") });
    const [row] = await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, short.id));
    expect(row?.status).toBe("answered");
  });
});
