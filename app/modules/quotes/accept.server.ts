import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isRetryable, isUniqueViolation } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { orderEvents, quotes } from "../../db/schema";
import type { QuoteAnswer, QuoteLineRecord } from "../../db/schema/quotes";
import { loadProductFacts } from "../checkout/facts.server";
import type { PaymentMethod } from "../checkout/order-request";
import type { ProductFacts } from "../checkout/quote";
import { jobsWritten } from "../jobs/queue.server";
import { codeDeadline, needsOrderCode } from "../orders/order-rules";
import type { PlacedOrder } from "../orders/place-order.server";
import { type OrderRecord, recordOrder } from "../orders/record-order.server";
import { stockTake } from "../orders/stock.server";
import { hashToken, newAccessToken, newOrderNumber } from "../orders/tokens.server";
import type { Store } from "../store/store.server";
import { QUOTE_MESSAGES, quoteState, quoteTotals } from "./rules";

/**
 * Accepting a quote (issue 59): one order at exactly the quoted prices, once. The quote is
 * claimed (answered, not expired → accepted) by a guarded UPDATE in the same transaction that
 * records the order; ten accepts at once lock the same row one after the other, and only the
 * first finds it still answered. An order that cannot be recorded (stock ran out, a product
 * was taken off sale) rolls the claim back, so the quote may be accepted again later.
 */

/**
 * Who is opening a quote: a signed-in customer (theirs, or asked with the phone they proved
 * when signing in, as their orders are), or whoever holds its link's key.
 */
export interface QuoteAccess {
  customerId: string | null;
  /** The phone the signed-in customer proved; null for a guest. */
  phone: string | null;
  key: string | null;
}

export type AcceptOutcome =
  | { ok: true; order: PlacedOrder }
  | { ok: false; status: 404 | 409 | 410; error: string; orderId?: string };

type QuoteRow = typeof quotes.$inferSelect;

function canOpen(quote: Pick<QuoteRow, "customerId" | "phone" | "accessKey">, access: QuoteAccess): boolean {
  if (quote.customerId && access.customerId === quote.customerId) return true;
  if (access.customerId && access.phone === quote.phone) return true;
  // Compared as hashes: equal length, and no early exit on the key's first differing character.
  return access.key !== null && hashToken(access.key) === hashToken(quote.accessKey);
}

/** The quote, when the one asking may see it; null otherwise (never say which). */
export async function findQuote(
  db: Db,
  storeId: string,
  quoteId: string,
  access: QuoteAccess,
): Promise<QuoteRow | null> {
  if (!isUuid(quoteId)) return null;
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.storeId, storeId)));
  return quote && canOpen(quote, access) ? quote : null;
}

/** Why a quote cannot be accepted or declined now, or null when it can. */
function closed(quote: QuoteRow, now: Date): AcceptOutcome | null {
  const state = quoteState(quote, now);
  if (state === "requested") return { ok: false, status: 409, error: QUOTE_MESSAGES.notAnswered };
  if (state === "expired") return { ok: false, status: 410, error: QUOTE_MESSAGES.expired };
  if (state === "accepted") {
    return {
      ok: false,
      status: 409,
      error: QUOTE_MESSAGES.accepted,
      ...(quote.orderId ? { orderId: quote.orderId } : {}),
    };
  }
  if (state === "declined") return { ok: false, status: 409, error: QUOTE_MESSAGES.declined };
  return null;
}

class Taken extends Error {}
class NotPlaced extends Error {}

export async function acceptQuote(
  db: Db,
  store: Store,
  quoteId: string,
  access: QuoteAccess,
  paymentMethod: PaymentMethod,
  now: Date = new Date(),
): Promise<AcceptOutcome> {
  const quote = await findQuote(db, store.id, quoteId, access);
  if (!quote) return { ok: false, status: 404, error: QUOTE_MESSAGES.notFound };
  const refused = closed(quote, now);
  if (refused) return refused;
  const answer = quote.answer as QuoteAnswer;
  const lines = quote.lines;
  const facts = await loadProductFacts(
    db,
    store.id,
    lines.map((line) => line.productId),
  );
  const gone = lines.filter((line) => !facts.get(line.productId)?.active);
  if (gone.length > 0) {
    return { ok: false, status: 409, error: QUOTE_MESSAGES.unavailable(gone.map((line) => line.name).join(", ")) };
  }
  const totals = quoteTotals(lines, answer);
  const codeRequired = needsOrderCode(store.orderRules, {
    paymentMethod,
    grandTotal: totals.grandTotal,
    phone: quote.phone,
    signedInPhone: access.customerId ? access.phone : null,
  });
  const confirmBy = codeRequired ? codeDeadline(store.orderRules, now) : null;

  for (let attempt = 1; ; attempt++) {
    const order: PlacedOrder = {
      orderId: randomUUID(),
      orderNumber: newOrderNumber(now),
      paymentMethod,
      grandTotal: totals.grandTotal,
      accessToken: newAccessToken(),
      confirmBy: confirmBy?.toISOString() ?? null,
    };
    const record = orderRecord(store, quote, facts, totals, order, paymentMethod);
    try {
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(quotes)
          .set({ status: "accepted", decidedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(quotes.id, quote.id), eq(quotes.status, "answered"), gt(quotes.expiresAt, sql`now()`)))
          .returning({ id: quotes.id });
        if (claimed.length === 0) throw new Taken();
        const outcome = await recordOrder(tx, record);
        if (!outcome.placed) throw new NotPlaced();
        await tx.update(quotes).set({ orderId: order.orderId }).where(eq(quotes.id, quote.id));
        await tx.insert(orderEvents).values({
          orderId: order.orderId,
          kind: "quote",
          source: "customer",
          detail: { reference: quote.reference, quoteId: quote.id },
        });
      });
    } catch (error) {
      if (error instanceof Taken) {
        // Accepted a moment ago by another request, or it expired or was declined meanwhile.
        const [current] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
        return (current && closed(current, new Date())) || { ok: false, status: 409, error: QUOTE_MESSAGES.accepted };
      }
      if (error instanceof NotPlaced) {
        const short = lines.filter((line) => {
          const product = facts.get(line.productId);
          return product?.trackInventory && product.inventory !== null && product.inventory < line.qty;
        });
        return {
          ok: false,
          status: 409,
          error: QUOTE_MESSAGES.unavailable((short.length > 0 ? short : lines).map((line) => line.name).join(", ")),
        };
      }
      if (attempt < 5 && (isUniqueViolation(error, "orders_store_number") || isRetryable(error))) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      throw error;
    }
    if (paymentMethod === "COD" && !order.confirmBy) jobsWritten();
    return { ok: true, order };
  }
}

function orderRecord(
  store: Store,
  quote: QuoteRow,
  facts: Map<string, ProductFacts>,
  totals: ReturnType<typeof quoteTotals>,
  order: PlacedOrder,
  paymentMethod: PaymentMethod,
): OrderRecord {
  const lines: readonly QuoteLineRecord[] = quote.lines;
  return {
    storeId: store.id,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    idempotency: null,
    take: stockTake(lines, facts),
    customer: quote.customerId ? { kind: "signed-in", customerId: quote.customerId, save: null } : { kind: "by-phone" },
    order: {
      phone: quote.phone,
      email: quote.email,
      paymentMethod,
      subtotal: totals.subtotal,
      discount: 0,
      shipping: totals.delivery,
      grandTotal: totals.grandTotal,
      shippingType: "quote",
      couponCode: null,
      customerAddress: quote.address,
      accessTokenHash: hashToken(order.accessToken),
      codeConfirmBy: order.confirmBy ? new Date(order.confirmBy) : null,
    },
    items: lines.map((line, index) => ({
      productId: line.productId,
      name: line.name,
      photo: line.photo,
      sku: line.sku,
      selectedSize: line.size,
      setSizes: line.setSizes.length > 0 ? line.setSizes : null,
      quantity: line.qty,
      unitPrice: totals.lines[index]?.unitPrice ?? 0,
      total: totals.lines[index]?.total ?? 0,
    })),
  };
}

/** The customer says no: an open quote (asked or answered) is closed and can no longer be accepted. */
export async function declineQuote(
  db: Db,
  storeId: string,
  quoteId: string,
  access: QuoteAccess,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 | 410; error: string }> {
  const quote = await findQuote(db, storeId, quoteId, access);
  if (!quote) return { ok: false, status: 404, error: QUOTE_MESSAGES.notFound };
  const declined = await db
    .update(quotes)
    .set({ status: "declined", decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, quote.id), inArray(quotes.status, ["requested", "answered"])))
    .returning({ id: quotes.id });
  if (declined.length > 0) return { ok: true };
  const [current] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
  const refused = current ? closed(current, new Date()) : null;
  return refused && !refused.ok ? refused : { ok: false, status: 409, error: QUOTE_MESSAGES.declined };
}

/** The quotes of a signed-in customer's account: their own, and those asked with the phone they proved. */
export async function customerQuotes(db: Db, storeId: string, customer: { id: string; phone: string }) {
  return db
    .select({
      id: quotes.id,
      reference: quotes.reference,
      status: quotes.status,
      expiresAt: quotes.expiresAt,
      grandTotal: quotes.grandTotal,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(and(eq(quotes.storeId, storeId), or(eq(quotes.customerId, customer.id), eq(quotes.phone, customer.phone))))
    .orderBy(desc(quotes.createdAt))
    .limit(50);
}
