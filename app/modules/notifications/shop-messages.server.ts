import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { notificationsSchema } from "../../db/json-columns";
import { orderItems, orders, quotes, stores } from "../../db/schema";
import { type ClaimedJob, completeJob, enqueue, type NewJob } from "../jobs/queue.server";
import type { JobHandler } from "../jobs/worker.server";
import type { EmailSender } from "./email-senders.server";
import { quoteWebhookBody, type ShopQuote, shopQuoteEmail } from "./quote-texts";
import { pingBody, SHOP_EVENTS, type ShopEvent, type ShopOrder, shopEmail, webhookBody } from "./shop-texts";
import { storeHost, storeOrigin } from "./store-origin.server";
import { webhookHeaders, webhookUrlProblem } from "./webhook-signature.server";

/**
 * The shop's own messages (issue 57). The change that causes one (an order placed, a payment
 * given up) writes a single "notify.shop" job in its transaction; that job reads the store's
 * notification settings as they are then and writes one job per way the shop is told (its
 * order address, its webhook), so that a webhook that is down never sends the email twice.
 */

export const SHOP_MESSAGE_JOB = "notify.shop";
export const SHOP_EMAIL_JOB = "notify.shop-email";
export const WEBHOOK_JOB = "notify.webhook";
/** The owner's "Send a test delivery": a "ping" event, tried once. */
export const WEBHOOK_TEST_JOB = "notify.webhook-test";

/** How long the shop's tool has to answer a delivery before it counts as failed and is retried. */
const WEBHOOK_TIMEOUT_MS = 10_000;

export function shopMessageJob(storeId: string, orderId: string, event: ShopEvent): NewJob {
  return {
    kind: SHOP_MESSAGE_JOB,
    storeId,
    payload: { orderId, event },
    uniqueKey: `${SHOP_MESSAGE_JOB}:${orderId}:${event}`,
  };
}

/** A request for a quote, told as a new order is (issue 59). */
export function shopQuoteJob(storeId: string, quoteId: string): NewJob {
  return {
    kind: SHOP_MESSAGE_JOB,
    storeId,
    payload: { quoteId, event: "quote.requested" },
    uniqueKey: `${SHOP_MESSAGE_JOB}:${quoteId}:quote.requested`,
  };
}

const payloadSchema = z.union([
  z.object({ orderId: z.string().uuid(), event: z.enum(SHOP_EVENTS).exclude(["quote.requested"]) }),
  z.object({ quoteId: z.string().uuid(), event: z.literal("quote.requested") }),
]);

/** The quote as the shop is told of it, with where to answer it; null when it is gone. */
export async function shopQuote(
  db: Db,
  quoteId: string,
  origin: string,
): Promise<(ShopQuote & { look: string }) | null> {
  const [quote] = await db
    .select({
      id: quotes.id,
      storeSlug: stores.slug,
      storeName: stores.title,
      look: sql<string>`${stores.customisation}->>'primaryColor'`,
      host: storeHost(quotes.storeId),
      reference: quotes.reference,
      reason: quotes.reason,
      phone: quotes.phone,
      email: quotes.email,
      address: quotes.address,
      note: quotes.note,
      lines: quotes.lines,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(stores, eq(stores.id, quotes.storeId))
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  const { host, createdAt, lines, ...rest } = quote;
  return {
    ...rest,
    look: quote.look ?? "",
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      size: line.size,
      qty: line.qty,
      listUnitPrice: line.listUnitPrice,
    })),
    requestedAt: createdAt.toISOString(),
    consoleUrl: `${storeOrigin(host, origin)}/admin/quotes/${quote.id}`,
  };
}

/** The order as the shop is told of it, with where to open it; null when it is gone. */
export async function shopOrder(
  db: Db,
  orderId: string,
  origin: string,
): Promise<(ShopOrder & { look: string }) | null> {
  const [order] = await db
    .select({
      id: orders.id,
      storeSlug: stores.slug,
      storeName: stores.title,
      look: sql<string>`${stores.customisation}->>'primaryColor'`,
      host: storeHost(orders.storeId),
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shipping,
      grandTotal: orders.grandTotal,
      couponCode: orders.couponCode,
      phone: orders.phone,
      email: orders.email,
      address: orders.customerAddress,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      sku: orderItems.sku,
      name: orderItems.name,
      size: orderItems.selectedSize,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      total: orderItems.total,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const a = order.address;
  return {
    id: order.id,
    storeSlug: order.storeSlug,
    storeName: order.storeName,
    look: order.look ?? "",
    orderNumber: order.orderNumber,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping,
    grandTotal: order.grandTotal,
    couponCode: order.couponCode,
    phone: order.phone,
    email: order.email,
    address: {
      firstName: a.firstName ?? "",
      lastName: a.lastName ?? "",
      companyName: a.companyName ?? "",
      gstNumber: a.gstNumber ?? "",
      address: a.address ?? "",
      apartment: a.apartment ?? "",
      landmark: a.landmark ?? "",
      city: a.city ?? "",
      state: a.state ?? "",
      pin: a.pin ?? "",
    },
    items,
    placedAt: order.createdAt.toISOString(),
    consoleUrl: `${storeOrigin(order.host, origin)}/admin/orders/${order.id}`,
  };
}

async function storeNotifications(db: Db, storeId: string) {
  const [row] = await db.select({ notifications: stores.notifications }).from(stores).where(eq(stores.id, storeId));
  return row ? notificationsSchema.parse(row.notifications) : null;
}

export interface ShopMessageDeps {
  email: EmailSender | null;
  origin: string;
  fetch?: typeof fetch;
}

export function shopMessageHandlers(deps: ShopMessageDeps): Record<string, JobHandler> {
  /** Posts one signed delivery; anything but a 2xx answer throws, so the queue tries again. */
  const deliver = async (url: string, secret: string, id: string, body: (at: Date) => string, signal: AbortSignal) => {
    const now = new Date();
    const text = body(now);
    // The id is the job's, the same on every retry, so the shop's tool can skip a repeat.
    const headers = webhookHeaders(secret, id, Math.floor(now.getTime() / 1000), text);
    let answer: Response;
    try {
      answer = await (deps.fetch ?? fetch)(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "user-agent": "Mandi-Webhooks/1" },
        body: text,
        redirect: "manual",
        signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
    } catch (error) {
      throw new Error(`The webhook did not answer: ${(error as Error).message}`);
    }
    await answer.body?.cancel();
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`The webhook answered HTTP ${answer.status}`);
    }
  };
  const parse = (job: ClaimedJob) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new Error(`A shop message job without its order: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };
  return {
    [SHOP_MESSAGE_JOB]: async (job, { db }) => {
      const payload = parse(job);
      const settings = job.storeId ? await storeNotifications(db, job.storeId) : null;
      const ways: NewJob[] = [];
      if (settings?.orderEmail && deps.email) ways.push({ kind: SHOP_EMAIL_JOB, storeId: job.storeId, payload });
      if (settings?.webhookUrl && settings.webhookSecret && !webhookUrlProblem(settings.webhookUrl)) {
        ways.push({ kind: WEBHOOK_JOB, storeId: job.storeId, payload });
      }
      // The new jobs and this one's end commit together: each way is written once.
      await db.transaction(async (tx) => {
        await enqueue(tx, ...ways);
        await completeJob(tx, job);
      });
    },

    [SHOP_EMAIL_JOB]: async (job, { db }) => {
      const payload = parse(job);
      const settings = job.storeId ? await storeNotifications(db, job.storeId) : null;
      if (!settings?.orderEmail || !deps.email) return;
      if ("quoteId" in payload) {
        const quote = await shopQuote(db, payload.quoteId, deps.origin);
        if (!quote) return;
        await deps.email.send({
          ...shopQuoteEmail(quote, quote.look),
          to: settings.orderEmail,
          storeId: job.storeId ?? "",
          fromName: `${quote.storeName} orders`,
          reference: job.id,
        });
        return;
      }
      const order = await shopOrder(db, payload.orderId, deps.origin);
      // Turned off since, or the order is gone: nothing to say.
      if (!order) return;
      await deps.email.send({
        ...shopEmail(payload.event, order, order.look),
        to: settings.orderEmail,
        storeId: job.storeId ?? "",
        fromName: `${order.storeName} orders`,
        reference: job.id,
      });
    },

    [WEBHOOK_JOB]: async (job, { db, signal }) => {
      const payload = parse(job);
      const settings = job.storeId ? await storeNotifications(db, job.storeId) : null;
      if (!settings?.webhookUrl || !settings.webhookSecret) return;
      const problem = webhookUrlProblem(settings.webhookUrl);
      if (problem) throw new Error(`The webhook address is refused: ${problem}`);
      if ("quoteId" in payload) {
        const quote = await shopQuote(db, payload.quoteId, deps.origin);
        if (!quote) return;
        const { look: _look, ...told } = quote;
        await deliver(settings.webhookUrl, settings.webhookSecret, job.id, (at) => quoteWebhookBody(told, at), signal);
        return;
      }
      const order = await shopOrder(db, payload.orderId, deps.origin);
      if (!order) return;
      const { look: _look, ...told } = order;
      const event = payload.event;
      await deliver(settings.webhookUrl, settings.webhookSecret, job.id, (at) => webhookBody(event, told, at), signal);
    },

    [WEBHOOK_TEST_JOB]: async (job, { db, signal }) => {
      const settings = job.storeId ? await storeNotifications(db, job.storeId) : null;
      if (!settings?.webhookUrl || !settings.webhookSecret) throw new Error("No webhook is set.");
      const problem = webhookUrlProblem(settings.webhookUrl);
      if (problem) throw new Error(`The webhook address is refused: ${problem}`);
      await deliver(settings.webhookUrl, settings.webhookSecret, job.id, (at) => pingBody(at), signal);
    },
  };
}
