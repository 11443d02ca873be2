import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isRetryable, isUniqueViolation } from "../../db/errors.server";
import { idempotencyKeys } from "../../db/schema";
import { ordersPlaced } from "../../metrics.server";
import { INVALID_COUPON_MESSAGE } from "../checkout/coupons";
import { findCoupon, takeCouponUse } from "../checkout/coupons.server";
import { loadCartFacts, loadProductFacts } from "../checkout/facts.server";
import type { PaymentMethod, PlaceOrderRequest } from "../checkout/order-request";
import { type CartQuote, type LineProblem, lineLabel, type ProductFacts, quoteCart } from "../checkout/quote";
import { addressSnapshot, CHECKOUT_MESSAGES } from "../checkout/schema";
import { jobsWritten } from "../jobs/queue.server";
import type { Paise } from "../money/types";
import type { Store } from "../store/store.server";
import { codeDeadline, guestLimitProblem, needsOrderCode } from "./order-rules";
import { type CustomerFields, type OrderRecord, type RecordOutcome, recordOrder } from "./record-order.server";
import { stockTake } from "./stock.server";
import { fingerprint, hashToken, newAccessToken, newOrderNumber } from "./tokens.server";

/**
 * Placing an order (spec sections 4, 5 and 7; ARCHITECTURE.md section 5). The server prices
 * the cart from the database, refuses what cannot be sold, and in one statement (one implicit
 * transaction; see record-order.server.ts) locks the stock it takes, records the order, and
 * takes the stock only when every unit is there, so that no two orders can sell the same unit.
 * An idempotency key makes a retried request return the first order.
 */

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  paymentMethod: PaymentMethod;
  grandTotal: Paise;
  /** Lets this browser see the order's details (kept in an HttpOnly cookie). */
  accessToken: string;
  /** A COD order waiting for the code sent to its phone holds its stock until then (ISO time); else null. */
  confirmBy: string | null;
}

export type PlaceOrderOutcome =
  | { ok: true; replayed: boolean; order: PlacedOrder }
  | { ok: false; status: 409 | 422; error: string; problems: LineProblem[] };

const IDEMPOTENCY_SCOPE = "order";

export const PLACE_ORDER_MESSAGES = {
  keyReused: "This checkout was already submitted with different details. Please reload the page and try again.",
  inProgress: "This order is still being placed. Please wait a moment.",
  review: "Some items in your cart have changed. Please review them and try again.",
} as const;

interface StoredResponse {
  order: PlacedOrder;
}

export interface PlaceOrderOptions {
  idempotencyKey?: string | null;
  /** The customer who is signed in, if any (accounts issue). */
  customerId?: string | null;
  /** The phone that customer proved when signing in: an order to it needs no code. */
  signedInPhone?: string | null;
  now?: Date;
}

export async function placeOrder(
  db: Db,
  store: Store,
  request: PlaceOrderRequest,
  options: PlaceOrderOptions = {},
): Promise<PlaceOrderOutcome> {
  const key = options.idempotencyKey ?? null;
  const requestHash = fingerprint(request);
  // One read prices the order and one statement records it. A repeated request is recognised
  // by its key when the order is recorded (or refused, below), not by a read first.
  const [{ products: facts, rate }, couponRule] = await Promise.all([
    loadCartFacts(
      db,
      store.id,
      request.lines.map((l) => l.productId),
      request.address.pincode,
    ),
    request.coupon.trim() === "" ? null : findCoupon(db, store.id, request.coupon),
  ]);
  const quote = quoteCart({
    lines: request.lines,
    products: facts,
    coupon: request.coupon,
    couponRule,
    now: options.now,
    pincode: request.address.pincode,
    shipping: store.shipping,
    rate,
  });
  const customerId = options.customerId ?? null;
  const refused =
    refusal(quote) ??
    (customerId
      ? null
      : guestRefusal(
          guestLimitProblem(store.orderRules, {
            grandTotal: quote.grandTotal,
            lines: quote.lines.map((line) => ({ name: lineLabel(line.name, line.size, line.setSizes), qty: line.qty })),
          }),
        ));
  // A retry of an order placed before things changed (the last units went to it) is that order.
  if (refused) return (key ? await findEarlier(db, store.id, key, requestHash) : null) ?? refused;

  const codeRequired = needsOrderCode(store.orderRules, {
    paymentMethod: request.paymentMethod,
    grandTotal: quote.grandTotal,
    phone: request.address.phone,
    signedInPhone: customerId ? (options.signedInPhone ?? null) : null,
  });
  const confirmBy = codeRequired ? codeDeadline(store.orderRules, options.now ?? new Date()) : null;
  for (let attempt = 1; ; attempt++) {
    // The order's id, number and access token are chosen here, so that the idempotency key is
    // recorded with its answer in the same statement as the order: a second request with the
    // same key waits on that row until this one commits, then answers with this order.
    const order: PlacedOrder = {
      orderId: randomUUID(),
      orderNumber: newOrderNumber(),
      paymentMethod: request.paymentMethod,
      grandTotal: quote.grandTotal,
      accessToken: newAccessToken(),
      confirmBy: confirmBy?.toISOString() ?? null,
    };
    let outcome: RecordOutcome | "coupon-spent";
    try {
      const record = orderRecord(store, request, quote, facts, order, customerId, key, requestHash);
      outcome =
        couponRule && quote.coupon
          ? await recordWithCoupon(db, couponRule.id, request.address.phone, record)
          : await recordOrder(db, record);
    } catch (error) {
      // Order numbers are random (10^12 a day): a clash records the order again with a new one.
      // A deadlock or serialisation failure changed nothing and may simply run again.
      if (attempt < 5 && (isUniqueViolation(error, "orders_store_number") || isRetryable(error))) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      throw error;
    }
    // Its last use went to another order a moment ago: the coupon no longer applies.
    if (outcome === "coupon-spent") return { ok: false, status: 422, error: INVALID_COUPON_MESSAGE, problems: [] };
    if (outcome.placed) {
      // Its "order placed" message was written by the same statement (record-order.server.ts).
      if (order.paymentMethod === "COD" && !order.confirmBy) jobsWritten();
      ordersPlaced.inc({ payment_method: order.paymentMethod });
      return { ok: true, replayed: false, order };
    }
    // Another request with this key was recorded first (or, while stock ran short, earlier):
    // its answer is this request's answer.
    const first = key ? await findEarlier(db, store.id, key, requestHash) : null;
    if (first) return first;
    if (outcome.stockOk) return inProgress();
    return stockRefusal(db, store, request);
  }
}

function orderRecord(
  store: Store,
  request: PlaceOrderRequest,
  quote: CartQuote,
  facts: Map<string, ProductFacts>,
  order: PlacedOrder,
  signedInCustomerId: string | null,
  key: string | null,
  requestHash: string,
): OrderRecord {
  const address = addressSnapshot(request.address);
  // The form's fields as the customer record and the order keep them (an empty email is none).
  const fields: CustomerFields = { ...address, email: address.email || null };

  return {
    storeId: store.id,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    idempotency: key
      ? { scope: IDEMPOTENCY_SCOPE, key, requestHash, response: { order } satisfies StoredResponse }
      : null,
    take: stockTake(request.lines, facts),
    // Only a signed-in customer's own checkout changes saved details ('Save address' updates
    // their record). A guest has proved no phone: their order is linked to the customer of that
    // phone, if any, and changes nothing of theirs (issue 53, ADR 0052); the guest's browser
    // keeps the address instead.
    customer: signedInCustomerId
      ? { kind: "signed-in", customerId: signedInCustomerId, save: request.saveAddress ? fields : null }
      : { kind: "by-phone" },
    order: {
      phone: address.phone,
      email: fields.email,
      paymentMethod: request.paymentMethod,
      subtotal: quote.subtotal,
      discount: quote.discount,
      shipping: quote.shipping.amount,
      grandTotal: quote.grandTotal,
      shippingType: quote.shipping.type,
      couponCode: quote.coupon?.code ?? null,
      customerAddress: address,
      accessTokenHash: hashToken(order.accessToken),
      codeConfirmBy: order.confirmBy ? new Date(order.confirmBy) : null,
    },
    items: quote.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      photo: line.photo,
      sku: line.sku,
      selectedSize: line.size,
      setSizes: line.setSizes.length > 0 ? line.setSizes : null,
      quantity: line.qty,
      unitPrice: line.unitPrice,
      total: line.total,
    })),
  };
}

function guestRefusal(problem: string | null): PlaceOrderOutcome | null {
  return problem ? { ok: false, status: 422, error: problem, problems: [] } : null;
}

function inProgress(): PlaceOrderOutcome {
  return { ok: false, status: 409, error: PLACE_ORDER_MESSAGES.inProgress, problems: [] };
}

async function findEarlier(
  db: Db,
  storeId: string,
  key: string,
  requestHash: string,
): Promise<PlaceOrderOutcome | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.storeId, storeId),
        eq(idempotencyKeys.scope, IDEMPOTENCY_SCOPE),
        eq(idempotencyKeys.key, key),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== requestHash) {
    return { ok: false, status: 422, error: PLACE_ORDER_MESSAGES.keyReused, problems: [] };
  }
  if (!row.completedAt || !row.response) return inProgress();
  return { ok: true, replayed: true, order: (row.response as StoredResponse).order };
}

/** An order that was not placed, carried out of its transaction so that it rolls back. */
class NotPlaced extends Error {
  constructor(readonly outcome: RecordOutcome) {
    super("not placed");
  }
}
class CouponSpent extends Error {}

/**
 * An order with a coupon: the coupon's use is taken first, then the order's statement runs, in
 * one transaction. An order that is not placed (stock ran short, a repeat of its key) rolls
 * back, and its use with it (coupons.server.ts, ADR 0064).
 */
async function recordWithCoupon(
  db: Db,
  couponId: string,
  phone: string,
  record: OrderRecord,
): Promise<RecordOutcome | "coupon-spent"> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await takeCouponUse(tx, couponId, phone))) throw new CouponSpent();
      const outcome = await recordOrder(tx, record);
      if (!outcome.placed) throw new NotPlaced(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof CouponSpent) return "coupon-spent";
    if (error instanceof NotPlaced) return error.outcome;
    throw error;
  }
}

/** What stops an order before any write: problems with lines, a coupon, the pincode. */
function refusal(quote: CartQuote): PlaceOrderOutcome | null {
  if (quote.problems.length > 0) {
    const [first] = quote.problems;
    const error = quote.problems.length === 1 && first ? first.message : PLACE_ORDER_MESSAGES.review;
    return { ok: false, status: 409, error, problems: quote.problems };
  }
  if (quote.couponError) return { ok: false, status: 422, error: INVALID_COUPON_MESSAGE, problems: [] };
  if (quote.pincodeStatus === "not-servicable") {
    return { ok: false, status: 422, error: CHECKOUT_MESSAGES.notServiceable, problems: [] };
  }
  return null;
}

/** After a stock shortfall: the same lines priced again, naming what ran out. */
async function stockRefusal(db: Db, store: Store, request: PlaceOrderRequest): Promise<PlaceOrderOutcome> {
  const facts = await loadProductFacts(
    db,
    store.id,
    request.lines.map((l) => l.productId),
  );
  const quote = quoteCart({
    lines: request.lines,
    products: facts,
    coupon: "",
    pincode: "",
    shipping: null,
    rate: null,
  });
  const stock = quote.problems.filter((p) => p.kind !== "price-changed");
  const refused = stock.length > 0 ? refusal({ ...quote, problems: stock }) : null;
  if (refused) return refused;
  // Stock came back between the failed update and this read (an order rolled back): still
  // refuse this attempt; the shopper's retry will go through.
  return { ok: false, status: 409, error: PLACE_ORDER_MESSAGES.review, problems: [] };
}
