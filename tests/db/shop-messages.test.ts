import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, jobs, newsletterSubscribers, orderEvents, stores } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import { createLogger } from "../../app/logger.server";
import { loadChoices, saveChoices } from "../../app/modules/accounts/preferences.server";
import { createWorker } from "../../app/modules/jobs/worker.server";
import { FileEmail, filedEmails } from "../../app/modules/notifications/email-senders.server";
import { newsletterHandlers } from "../../app/modules/notifications/newsletter-messages.server";
import { orderMessageHandlers } from "../../app/modules/notifications/order-messages.server";
import { shopMessageHandlers } from "../../app/modules/notifications/shop-messages.server";
import { OutboxOrderSms } from "../../app/modules/notifications/sms-senders.server";
import { newWebhookSecret, verifyWebhook } from "../../app/modules/notifications/webhook-signature.server";
import { WhatsAppOrderMessages } from "../../app/modules/notifications/whatsapp.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { releaseOrder } from "../../app/modules/payments/payment-job.server";
import {
  confirmSubscription,
  subscribe,
  subscriberByToken,
  unsubscribe,
} from "../../app/modules/store/newsletter.server";
import { type FakeServer, fakeServer } from "../fakes/http-server";
import { createOrderFixture, type OrderFixture, orderRequest } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * The messages beyond the customer's SMS and email (issue 57), on both databases: the shop told
 * of a new order and of a payment given up, by email and by a signed webhook retried until it
 * answers; WhatsApp only to customers who chose it; the newsletter's double opt-in.
 */
describe.each(databaseKinds)("shop, WhatsApp and newsletter messages on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let hook: FakeServer;
  let whatsApp: FakeServer;
  let hookDown = false;
  const log = createLogger("silent");
  const origin = "http://shop.test";
  const secret = newWebhookSecret();
  const emailFolder = mkdtempSync(path.join(tmpdir(), "mandi-shop-email-"));
  const email = new FileEmail(emailFolder, "orders@shop.test");
  const worker = () =>
    createWorker({
      db: database.db,
      log,
      handlers: {
        ...orderMessageHandlers({
          sms: new OutboxOrderSms(database.db),
          email,
          whatsapp: new WhatsAppOrderMessages({
            baseUrl: `${whatsApp.url}/v23.0`,
            phoneNumberId: "1055",
            token: "wa-token",
            templates: { placed: "order_placed_v2" },
            language: "en",
          }),
          origin,
        }),
        ...shopMessageHandlers({ email, origin }),
        ...newsletterHandlers({ email, origin }),
      },
      concurrency: 4,
    });
  const place = async (phone: string, paymentMethod: "COD" | "ONLINE" = "COD") => {
    const outcome = await placeOrder(
      database.db,
      fx.store,
      orderRequest({
        lines: [{ productId: fx.ids.salt, qty: 2 }],
        address: { ...makeCheckoutAddress(), phone },
        paymentMethod,
      }),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.order;
  };
  const hooksFor = (orderNumber: string) =>
    hook.received.filter((request) => JSON.parse(request.body).data.order.orderNumber === orderNumber);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `shop-messages-${kind}`);
    hook = await fakeServer(() => (hookDown ? { status: 503, body: { error: "down" } } : { status: 204, body: null }));
    whatsApp = await fakeServer((request) =>
      request.headers.authorization === "Bearer wa-token"
        ? {
            status: 200,
            body: { messaging_product: "whatsapp", messages: [{ id: `wamid.${whatsApp.received.length}` }] },
          }
        : { status: 401, body: { error: { message: "Invalid OAuth access token", code: 190 } } },
    );
    await database.db
      .update(stores)
      .set({ notifications: { orderEmail: "owner@shop.test", webhookUrl: `${hook.url}/mandi`, webhookSecret: secret } })
      .where(eq(stores.id, fx.store.id));
  });
  afterAll(async () => {
    await Promise.all([hook.close(), whatsApp.close()]);
    await database.close();
    rmSync(emailFolder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    hookDown = false;
    await database.db.delete(jobs);
  });

  it("tells the shop of a new order by email and by a signed webhook, retried until it answers, once", async () => {
    hookDown = true;
    const order = await place("9830000001");
    const run = worker();
    await run.drain();
    expect(hooksFor(order.orderNumber)).toHaveLength(1);
    const [waiting] = await database.db.select().from(jobs).where(eq(jobs.kind, "notify.webhook"));
    expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
    expect(waiting?.lastError).toContain("HTTP 503");

    hookDown = false;
    await database.db.update(jobs).set({ runAt: sql`now()` });
    await run.drain();
    expect(await run.drain()).toBe(0);
    const deliveries = hooksFor(order.orderNumber);
    expect(deliveries).toHaveLength(2);
    const [first, second] = deliveries;
    // The same id on the retry, so the shop's tool can skip a repeat; each signed and fresh.
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    for (const delivery of deliveries) {
      expect(
        verifyWebhook(
          secret,
          {
            id: String(delivery.headers["webhook-id"]),
            timestamp: String(delivery.headers["webhook-timestamp"]),
            signature: String(delivery.headers["webhook-signature"]),
          },
          delivery.body,
        ),
      ).toBe(true);
    }
    expect(
      verifyWebhook(
        newWebhookSecret(),
        {
          id: String(second?.headers["webhook-id"]),
          timestamp: String(second?.headers["webhook-timestamp"]),
          signature: String(second?.headers["webhook-signature"]),
        },
        second?.body ?? "",
      ),
    ).toBe(false);
    const body = JSON.parse(second?.body ?? "{}");
    expect(body).toMatchObject({
      type: "order.placed",
      data: {
        store: fx.store.slug,
        order: {
          id: order.orderId,
          orderNumber: order.orderNumber,
          paymentMethod: "COD",
          grandTotal: 149_00,
          currency: "INR",
          phone: "9830000001",
          consoleUrl: `http://shop.test/admin/orders/${order.orderId}`,
        },
      },
    });
    expect(body.data.order.items).toEqual([expect.objectContaining({ quantity: 2, unitPrice: 25_00, total: 50_00 })]);

    const mails = (await filedEmails(emailFolder)).filter((mail) => mail.to === "owner@shop.test");
    const mail = mails.find((m) => m.subject.includes(order.orderNumber));
    expect(mail?.subject).toBe(`New order ${order.orderNumber}: ₹149, cash on delivery`);
    expect(mail?.text).toContain("Phone 9830000001");
    expect(mail?.text).toContain(`Open the order: http://shop.test/admin/orders/${order.orderId}`);
    // Told once by email, though the webhook was tried twice.
    expect(mails.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
  });

  it("tells the shop when an online payment is given up", async () => {
    const order = await place("9830000002", "ONLINE");
    // No message yet: an online order is placed when it is paid.
    expect(await database.db.select().from(jobs)).toEqual([]);
    expect(await releaseOrder({ db: database.db, log }, order.orderId)).toBe(true);
    await worker().drain();
    const mail = (await filedEmails(emailFolder)).find(
      (m) => m.subject === `Payment failed for order ${order.orderNumber}`,
    );
    expect(mail?.text).toContain("its stock is back on sale");
    expect(hooksFor(order.orderNumber).map((r) => JSON.parse(r.body).type)).toEqual(["payment.failed"]);
  });

  it("sends WhatsApp only to a customer who chose it, with the event's template and values", async () => {
    await database.db.insert(customers).values([
      { storeId: fx.store.id, phone: "9830000003", messagePreferences: { whatsapp: true } },
      { storeId: fx.store.id, phone: "9830000004", messagePreferences: { whatsapp: false } },
    ]);
    const chose = await place("9830000003");
    const did = await place("9830000004");
    await worker().drain();
    const sent = whatsApp.received.map((request) => JSON.parse(request.body));
    expect(sent).toHaveLength(1);
    expect(whatsApp.received[0]?.url.pathname).toBe("/v23.0/1055/messages");
    expect(sent[0]).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919830000003",
      type: "template",
      template: {
        name: "order_placed_v2",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [fx.store.title, chose.orderNumber, "Rs.149", "cash on delivery", "shop.test/account"].map(
              (text) => ({ type: "text", text }),
            ),
          },
        ],
      },
    });
    const history = await database.db
      .select({ orderId: orderEvents.orderId, detail: orderEvents.detail })
      .from(orderEvents)
      .where(and(eq(orderEvents.kind, "message"), sql`${orderEvents.detail}->>'channel' = 'whatsapp'`));
    expect(history).toEqual([
      {
        orderId: chose.orderId,
        detail: { event: "placed", channel: "whatsapp", provider: "whatsapp", sent: true, reference: "wamid.1" },
      },
    ]);
    expect(history.some((row) => row.orderId === did.orderId)).toBe(false);
  });

  it("subscribes an address only once its owner confirms, and unsubscribes it without signing in", async () => {
    expect(await subscribe(database.db, fx.store.id, "cook@hotel.example")).toBe("subscribed");
    // A second sign-up the same day sends no second email.
    expect(await subscribe(database.db, fx.store.id, "COOK@hotel.example")).toBe("already");
    expect(await database.db.select({ kind: jobs.kind }).from(jobs)).toEqual([{ kind: "newsletter.confirm" }]);
    await worker().drain();
    const [mail] = (await filedEmails(emailFolder)).filter((m) => m.to === "cook@hotel.example");
    expect(mail?.subject).toBe(`Confirm your newsletter subscription · ${fx.store.title}`);
    const token = /confirm\?token=([0-9a-f]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<http://shop.test/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    const subscriber = await subscriberByToken(database.db, fx.store.id, token);
    expect(subscriber).toMatchObject({ email: "cook@hotel.example", confirmed: false, unsubscribed: false });
    // Another store's link, or a made-up one, names nobody.
    expect(await subscriberByToken(database.db, crypto.randomUUID(), token)).toBeNull();
    expect(await subscriberByToken(database.db, fx.store.id, "0".repeat(32))).toBeNull();
    if (!subscriber) throw new Error("no subscriber");
    await confirmSubscription(database.db, subscriber);
    expect(await subscriberByToken(database.db, fx.store.id, token)).toMatchObject({ confirmed: true });
    // Confirmed: signing up again sends nothing.
    await database.db.delete(jobs);
    expect(await subscribe(database.db, fx.store.id, "cook@hotel.example")).toBe("already");
    expect(await database.db.select().from(jobs)).toEqual([]);

    await unsubscribe(database.db, subscriber);
    const after = await subscriberByToken(database.db, fx.store.id, token);
    expect(after).toMatchObject({ confirmed: false, unsubscribed: true });
    // Unsubscribed stays so, even if a confirmation link is followed later.
    if (after) await confirmSubscription(database.db, after);
    const [row] = await database.db
      .select({ confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.token, token));
    expect(row?.unsubscribedAt).not.toBeNull();
  });

  it("keeps a customer's choices: the newsletter confirmed by email, WhatsApp, and off again", async () => {
    // Others on the list, so that each customer is matched to their own address only.
    await subscribe(database.db, fx.store.id, "someone@else.example");
    const [customer] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone: "9830000009", email: "Buyer@Hotel.example" })
      .returning({ id: customers.id });
    const [noEmail] = await database.db
      .insert(customers)
      .values({ storeId: fx.store.id, phone: "9830000010" })
      .returning({ id: customers.id });
    if (!customer || !noEmail) throw new Error("no customer");
    expect(await loadChoices(database.db, fx.store.id, customer.id)).toEqual({
      whatsapp: false,
      email: "Buyer@Hotel.example",
      newsletter: "off",
    });
    expect(await saveChoices(database.db, fx.store.id, noEmail.id, { whatsapp: false, newsletter: true })).toEqual({
      ok: false,
      error: "Add your email to your profile first: the newsletter goes there.",
    });

    await database.db.delete(jobs);
    const saved = await saveChoices(database.db, fx.store.id, customer.id, { whatsapp: true, newsletter: true });
    expect(saved).toEqual({
      ok: true,
      choices: { whatsapp: true, email: "Buyer@Hotel.example", newsletter: "waiting" },
    });
    expect((await database.db.select({ kind: jobs.kind }).from(jobs)).map((job) => job.kind)).toEqual([
      "newsletter.confirm",
    ]);
    const [row] = await database.db
      .select({ id: newsletterSubscribers.id, token: newsletterSubscribers.token })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'buyer@hotel.example'`);
    const subscriber = await subscriberByToken(database.db, fx.store.id, row?.token ?? "");
    if (!subscriber) throw new Error("no subscriber");
    await confirmSubscription(database.db, subscriber);
    expect(await loadChoices(database.db, fx.store.id, customer.id)).toMatchObject({ newsletter: "on" });

    expect(await saveChoices(database.db, fx.store.id, customer.id, { whatsapp: false, newsletter: false })).toEqual({
      ok: true,
      choices: { whatsapp: false, email: "Buyer@Hotel.example", newsletter: "off" },
    });
    expect(await subscriberByToken(database.db, fx.store.id, row?.token ?? "")).toMatchObject({ unsubscribed: true });
  });
});
