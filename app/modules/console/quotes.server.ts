import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { orders, quotes } from "../../db/schema";
import { enqueue, jobsWritten } from "../jobs/queue.server";
import { quoteAnsweredJobs } from "../notifications/quote-messages.server";
import { QUOTE_MESSAGES, type QuoteAnswerInput, type QuoteFilter, quoteTotals } from "../quotes/rules";
import { type Actor, writeAudit } from "./fulfilment.server";
import { saveOrderRule } from "./store-settings.server";

/**
 * Requests for a quote in the console (issue 59): a list by where each stands, and the answer
 * form. Any member of staff answers; owners set the amount from which a cart may ask.
 */

export const QUOTE_PAGE = 100;

/** Waiting first, oldest first (the next to answer); the others newest first. */
export async function listQuotes(db: Db, storeId: string, filter: QuoteFilter) {
  const where = [eq(quotes.storeId, storeId)];
  if (filter === "open") where.push(eq(quotes.status, "requested"));
  if (filter === "answered") where.push(eq(quotes.status, "answered"), gt(quotes.expiresAt, sql`now()`));
  if (filter === "expired") where.push(eq(quotes.status, "answered"), lte(quotes.expiresAt, sql`now()`));
  if (filter === "accepted") where.push(eq(quotes.status, "accepted"));
  if (filter === "declined") where.push(eq(quotes.status, "declined"));
  return db
    .select({
      id: quotes.id,
      reference: quotes.reference,
      status: quotes.status,
      expiresAt: quotes.expiresAt,
      reason: quotes.reason,
      address: quotes.address,
      phone: quotes.phone,
      pincode: quotes.pincode,
      lineCount: sql<number>`jsonb_array_length(${quotes.lines})`,
      grandTotal: quotes.grandTotal,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(and(...where))
    .orderBy(filter === "open" ? quotes.createdAt : desc(quotes.createdAt))
    .limit(QUOTE_PAGE);
}

/** How many requests wait for an answer: the console's menu shows it. */
export async function openQuoteCount(db: Db, storeId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(quotes)
    .where(and(eq(quotes.storeId, storeId), eq(quotes.status, "requested")));
  return row?.count ?? 0;
}

export async function readQuote(db: Db, storeId: string, quoteId: string) {
  if (!isUuid(quoteId)) return null;
  const [row] = await db
    .select({ quote: quotes, orderNumber: orders.orderNumber })
    .from(quotes)
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.storeId, storeId)));
  return row ? { ...row.quote, orderNumber: row.orderNumber } : null;
}

export type AnswerOutcome = { ok: true } | { ok: false; status: 404 | 409; error: string };

/**
 * Saves the staff's answer, when the form was opened on the quote as it still is (its version)
 * and nobody has accepted or declined it: an answer may be changed until then, and each answer
 * tells the customer again. Its total is fixed here, from the quote's own quantities.
 */
export async function answerQuote(
  db: Db,
  actor: Actor,
  quoteId: string,
  version: number,
  answer: QuoteAnswerInput,
): Promise<AnswerOutcome> {
  const outcome = await transactionWithRetry(db, async (tx): Promise<AnswerOutcome> => {
    const [quote] = await tx
      .select({
        id: quotes.id,
        lines: quotes.lines,
        status: quotes.status,
        version: quotes.version,
        answer: quotes.answer,
      })
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.storeId, actor.member.storeId)))
      .for("update");
    if (!quote) return { ok: false, status: 404, error: "That quote is not in this store." };
    if (quote.status === "accepted" || quote.status === "declined") {
      return { ok: false, status: 409, error: `This quote is ${quote.status}: its answer can no longer change.` };
    }
    if (quote.version !== version) {
      return {
        ok: false,
        status: 409,
        error: QUOTE_MESSAGES.staleAnswer,
      };
    }
    if (answer.unitPrices.length !== quote.lines.length) {
      return { ok: false, status: 409, error: "The quote's lines changed. Here it is as it is now." };
    }
    const totals = quoteTotals(quote.lines, answer);
    const nextVersion = quote.version + 1;
    const saved = { unitPrices: answer.unitPrices, delivery: answer.delivery, message: answer.message };
    await tx
      .update(quotes)
      .set({
        status: "answered",
        answer: saved,
        grandTotal: totals.grandTotal,
        expiresAt: answer.expiresAt,
        answeredAt: sql`now()`,
        answeredBy: actor.member.id,
        version: nextVersion,
        updatedAt: sql`now()`,
      })
      .where(eq(quotes.id, quote.id));
    await enqueue(tx, ...quoteAnsweredJobs(actor.member.storeId, quote.id, nextVersion));
    await writeAudit(tx, actor, {
      action: "quote.answered",
      entity: "quote",
      entityId: quote.id,
      before: quote.answer,
      after: { ...saved, expiresAt: answer.expiresAt.toISOString(), grandTotal: totals.grandTotal },
    });
    return { ok: true };
  });
  if (outcome.ok) jobsWritten();
  return outcome;
}

/** Sets the amount from which a cart may ask for a quote (0: only pincodes not served). */
export function saveQuoteAbove(db: Db, actor: Actor, quoteAbove: number): Promise<void> {
  return saveOrderRule(db, actor, "quoteAbove", quoteAbove, "settings.quote-above");
}
