import { z } from "zod";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { quotes } from "../../db/schema";
import type { QuoteLineRecord } from "../../db/schema/quotes";
import { loadCartFacts } from "../checkout/facts.server";
import { MAX_CART_LINES, ORDER_REQUEST_MESSAGES, requestedLineSchema } from "../checkout/order-request";
import { quoteCart } from "../checkout/quote";
import { addressFormSchema, addressSnapshot } from "../checkout/schema";
import { enqueue, jobsWritten } from "../jobs/queue.server";
import { shopQuoteJob } from "../notifications/shop-messages.server";
import { newAccessToken } from "../orders/tokens.server";
import { randomBytesPooled } from "../security/random.server";
import type { Store } from "../store/store.server";
import { QUOTE_MESSAGES, quoteReason, quoteReference } from "./rules";

/**
 * Sending a cart as a request for a quote (issue 59). The server prices the cart itself, takes
 * only what the store sells, and accepts the request only when the store offers a quote for it
 * (a pincode it does not deliver to, or a large cart). The shop is told in the same transaction.
 */

export const MAX_QUOTE_NOTE = 1000;

export const quoteRequestBodySchema = z.strictObject({
  lines: z
    .array(requestedLineSchema)
    .min(1, ORDER_REQUEST_MESSAGES.emptyCart)
    .max(MAX_CART_LINES, ORDER_REQUEST_MESSAGES.tooManyLines),
  address: addressFormSchema,
  note: z
    .string()
    .trim()
    .max(MAX_QUOTE_NOTE, `Keep the note under ${MAX_QUOTE_NOTE + 1} characters.`)
    .default(""),
});
export type QuoteRequestBody = z.output<typeof quoteRequestBodySchema>;

export type RequestQuoteOutcome =
  | { ok: true; quote: { id: string; reference: string; key: string } }
  | { ok: false; status: 409 | 422; error: string };

export async function requestQuote(
  db: Db,
  store: Store,
  body: QuoteRequestBody,
  options: { customerId?: string | null } = {},
): Promise<RequestQuoteOutcome> {
  const pincode = body.address.pincode;
  const { products, rate } = await loadCartFacts(
    db,
    store.id,
    body.lines.map((line) => line.productId),
    pincode,
  );
  const priced = quoteCart({ lines: body.lines, products, coupon: "", pincode, shipping: store.shipping, rate });
  // Stock and today's price are for the shop to answer; a line the store does not sell as asked is not.
  const refused = priced.problems.filter(
    (problem) => problem.kind === "unavailable" || problem.kind === "choose-size" || problem.kind === "order-units",
  );
  if (refused.length > 0) return { ok: false, status: 409, error: refused.map((p) => p.message).join(" ") };
  const reason = quoteReason({
    pincodeStatus: priced.pincodeStatus,
    subtotal: priced.subtotal,
    quoteAbove: store.orderRules.quoteAbove,
  });
  if (!reason) return { ok: false, status: 422, error: QUOTE_MESSAGES.notOffered };

  const lines: QuoteLineRecord[] = priced.lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    sku: line.sku,
    photo: line.photo,
    size: line.size,
    setSizes: line.setSizes,
    qty: line.qty,
    listUnitPrice: line.unitPrice,
  }));
  const address = addressSnapshot(body.address);
  const key = newAccessToken();
  for (let attempt = 1; ; attempt++) {
    const reference = quoteReferenceNow();
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quotes)
          .values({
            storeId: store.id,
            reference,
            customerId: options.customerId ?? null,
            phone: address.phone,
            email: address.email || null,
            address,
            pincode,
            note: body.note,
            reason,
            lines,
            accessKey: key,
          })
          .returning({ id: quotes.id });
        if (!row) throw new Error("the quote was not recorded");
        await enqueue(tx, shopQuoteJob(store.id, row.id));
        return row.id;
      });
      jobsWritten();
      return { ok: true, quote: { id, reference, key } };
    } catch (error) {
      // A reference is 6 of 31 characters, random: a clash asks again with another.
      if (attempt < 5 && isUniqueViolation(error, "quotes_store_reference")) continue;
      throw error;
    }
  }
}

function quoteReferenceNow(): string {
  return quoteReference(randomBytesPooled(6));
}
