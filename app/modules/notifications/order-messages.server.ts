import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { customers, invoices, jobs, orderEvents, orders, refunds, stores } from "../../db/schema";
import type { InvoiceDocument } from "../invoices/document";
import { invoiceLook } from "../invoices/logo.server";
import { pdfName } from "../invoices/numbering";
import { invoicePdf } from "../invoices/pdf.server";
import { type ClaimedJob, completeJob, type NewJob } from "../jobs/queue.server";
import type { JobHandler } from "../jobs/worker.server";
import type { EmailSender } from "./email-senders.server";
import { orderEmail } from "./email-texts";
import { shopMessageJob } from "./shop-messages.server";
import type { OrderSmsSender } from "./sms-senders.server";
import { storeHost, storeOrigin } from "./store-origin.server";
import { ORDER_EVENTS, type OrderEvent, type OrderFacts, smsFor } from "./texts";

/**
 * The customer's messages about an order (issue 57): each is a job written in the transaction
 * that changes the order (placed, confirmed, shipped, delivered, cancelled, refunded), so a
 * message goes out if and only if the change commits, and a provider that is down only delays
 * it. The job reads the order as it is when it runs, sends, and records the message in the
 * order's history with the job's end.
 */

export const ORDER_MESSAGE_JOB = "notify.order";

export const MESSAGE_CHANNELS = ["sms", "email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * The jobs that tell the customer of `event`, one per channel, so that an email server that is
 * down never sends the SMS twice; a refund's jobs name the refund. A channel that does not
 * apply (no email on the order, WhatsApp off or not chosen) ends its job at once.
 */
export function orderMessageJobs(storeId: string, orderId: string, event: OrderEvent, refundId?: string): NewJob[] {
  return MESSAGE_CHANNELS.map((channel) => ({
    kind: ORDER_MESSAGE_JOB,
    storeId,
    payload: { orderId, event, channel, ...(refundId ? { refundId } : {}) },
    uniqueKey: `${ORDER_MESSAGE_JOB}:${orderId}:${event}:${channel}${refundId ? `:${refundId}` : ""}`,
  }));
}

/** A placed order's jobs: the customer's "placed" messages and the shop's "new order". */
export function orderPlacedJobs(storeId: string, orderId: string): NewJob[] {
  return [...orderMessageJobs(storeId, orderId, "placed"), shopMessageJob(storeId, orderId, "order.placed")];
}

const payloadSchema = z.object({
  orderId: z.string().uuid(),
  event: z.enum(ORDER_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS).default("sms"),
  refundId: z.string().uuid().optional(),
});

/** Ends a claimed job and writes its order's history row, only if the claim is still the job's. */
async function endWithEvent(db: Db, job: ClaimedJob, orderId: string, detail: Record<string, unknown>) {
  await db.execute(sql`
    with ended as (
      update ${jobs} set state = 'done', lease_until = null, finished_at = now(), last_error = null
      where id = ${job.id} and state = 'running' and attempts = ${job.attempts}
      returning id
    )
    insert into ${orderEvents} (order_id, kind, source, detail)
    select ${orderId}::uuid, 'message', 'job', ${JSON.stringify(detail)}::jsonb from ended`);
}

export interface OrderMessageDeps {
  sms: OrderSmsSender | null;
  /** Order messages on WhatsApp, to customers who chose them; null when not set up. */
  whatsapp: OrderSmsSender | null;
  email: EmailSender | null;
  /** The installation's public origin (PUBLIC_URL, else the server's own address). */
  origin: string;
}

export function orderMessageHandlers(deps: OrderMessageDeps): Record<string, JobHandler> {
  return {
    [ORDER_MESSAGE_JOB]: async (job, { db, log }) => {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) throw new Error(`A message job without its order: ${parsed.error.issues[0]?.message}`);
      const { orderId, event, channel, refundId } = parsed.data;
      const [order] = await db
        .select({
          id: orders.id,
          storeId: orders.storeId,
          orderNumber: orders.orderNumber,
          phone: orders.phone,
          email: orders.email,
          grandTotal: orders.grandTotal,
          paymentMethod: orders.paymentMethod,
          courier: orders.courier,
          trackingNumber: orders.trackingNumber,
          // WhatsApp goes only to a customer of this store who turned it on in their account.
          wantsWhatsApp: sql<boolean>`exists (select 1 from ${customers} where ${customers.storeId} = ${orders.storeId}
            and ${customers.phone} = ${orders.phone} and ${customers.messagePreferences}->>'whatsapp' = 'true')`,
          storeName: stores.title,
          look: stores.customisation,
          // The store's own address for links, its first domain; else the installation's.
          host: storeHost(orders.storeId),
        })
        .from(orders)
        .innerJoin(stores, eq(stores.id, orders.storeId))
        .where(eq(orders.id, orderId));
      if (!order) {
        // The order is gone (its store was deleted): nothing to say, and nobody to say it to.
        await completeJob(db, job);
        return;
      }
      // The tax invoice, for "invoiced": its number in every message, its PDF with the email.
      let invoice: { number: string; document: InvoiceDocument } | null = null;
      if (event === "invoiced") {
        const [row] = await db
          .select({ number: invoices.number, document: invoices.document })
          .from(invoices)
          .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
        if (!row) {
          await completeJob(db, job);
          return;
        }
        invoice = { number: row.number, document: row.document as InvoiceDocument };
      }
      let refundAmount: number | null = null;
      if (refundId) {
        const [refund] = await db
          .select({ amount: refunds.amount })
          .from(refunds)
          .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
        refundAmount = refund?.amount ?? null;
      }
      const facts: OrderFacts = {
        storeName: order.storeName,
        orderNumber: order.orderNumber,
        grandTotal: order.grandTotal,
        paymentMethod: order.paymentMethod === "ONLINE" ? "ONLINE" : "COD",
        courier: order.courier,
        trackingNumber: order.trackingNumber,
        refundAmount,
        invoiceNumber: invoice?.number ?? null,
        link: `${order.host ?? new URL(deps.origin).host}/account`,
      };
      if (channel === "email") {
        // Only an order that gave an email is told by email; it is said in its history.
        if (!order.email) {
          await completeJob(db, job);
          return;
        }
        if (!deps.email) {
          await endWithEvent(db, job, orderId, {
            event,
            channel,
            sent: false,
            reason: "email is off (EMAIL_TRANSPORT)",
          });
          return;
        }
        const accountUrl = `${storeOrigin(order.host, deps.origin)}/account`;
        const logo = order.look.logo;
        const content = orderEmail(event, facts, {
          logoUrl: logo ? new URL(logo, accountUrl).href : "",
          primaryColor: order.look.primaryColor,
          accountUrl,
        });
        const attachments = invoice
          ? [
              {
                filename: pdfName(invoice.number),
                content: await invoicePdf(invoice.document, await invoiceLook(db, order.storeId)),
                contentType: "application/pdf",
              },
            ]
          : undefined;
        const sent = await deps.email.send({
          ...content,
          ...(attachments ? { attachments } : {}),
          to: order.email,
          storeId: order.storeId,
          fromName: order.storeName,
          reference: job.id,
        });
        await endWithEvent(db, job, orderId, {
          event,
          channel,
          provider: deps.email.name,
          sent: true,
          reference: sent.reference,
        });
        return;
      }
      const sms = smsFor(event, facts);
      if (channel === "whatsapp") {
        // Not set up, or not chosen: nothing is sent, and the history is not filled with it.
        if (!deps.whatsapp || !order.wantsWhatsApp) {
          await completeJob(db, job);
          return;
        }
        const result = await deps.whatsapp.send({
          storeId: order.storeId,
          phone: order.phone,
          event,
          values: sms.values,
          text: sms.text,
        });
        await endWithEvent(db, job, orderId, {
          event,
          channel,
          provider: "whatsapp",
          ...(result.sent ? { sent: true, reference: result.reference } : { sent: false, reason: result.reason }),
        });
        return;
      }
      const result = deps.sms
        ? await deps.sms.send({ storeId: order.storeId, phone: order.phone, event, values: sms.values, text: sms.text })
        : { sent: false as const, reason: "no SMS provider for order messages" };
      if (!result.sent) log.info("order message not sent by SMS", { event, orderId, reason: result.reason });
      // The job's end and the order's history in one statement: both or neither.
      await endWithEvent(db, job, orderId, {
        event,
        channel,
        provider: deps.sms?.name ?? null,
        ...(result.sent ? { sent: true, reference: result.reference } : { sent: false, reason: result.reason }),
      });
    },
  };
}
