import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { isUniqueViolation, transactionWithRetry } from "../../db/errors.server";
import { customers, idempotencyKeys, orderItems, orders } from "../../db/schema";
import { INVALID_COUPON_MESSAGE } from "../checkout/coupons";
import { loadPincodeRate, loadProductFacts } from "../checkout/facts.server";
import type { PaymentMethod, PlaceOrderRequest } from "../checkout/order-request";
import { type CartQuote, type LineProblem, quoteCart } from "../checkout/quote";
import { type AddressForm, type AddressSnapshot, addressSnapshot, CHECKOUT_MESSAGES } from "../checkout/schema";
import type { Paise } from "../money/types";
import type { Store } from "../store/store.server";
import { StockShort, takeStock } from "./stock.server";
import { fingerprint, hashToken, newAccessToken, newOrderNumber } from "./tokens.server";

/**
 * Placing an order (spec sections 4, 5 and 7; ARCHITECTURE.md section 5). The server prices
 * the cart from the database, refuses what cannot be sold, and in one short transaction
 * records the order and takes its stock with guarded UPDATEs, so that no two orders can sell
 * the same unit. An idempotency key makes a retried request return the first order.
 */

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  paymentMethod: PaymentMethod;
  grandTotal: Paise;
  /** Lets this browser see the order's details (kept in an HttpOnly cookie). */
  accessToken: string;
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
}

export async function placeOrder(
  db: Db,
  store: Store,
  request: PlaceOrderRequest,
  options: PlaceOrderOptions = {},
): Promise<PlaceOrderOutcome> {
  const key = options.idempotencyKey ?? null;
  const requestHash = fingerprint(request);
  // The replay check and the reads for pricing go out together: one round trip of waiting.
  const [earlier, facts, rate] = await Promise.all([
    key ? findEarlier(db, store.id, key, requestHash) : null,
    loadProductFacts(
      db,
      store.id,
      request.lines.map((l) => l.productId),
    ),
    loadPincodeRate(db, store.id, request.address.pincode),
  ]);
  if (earlier) return earlier;
  const quote = quoteCart({
    lines: request.lines,
    products: facts,
    coupon: request.coupon,
    pincode: request.address.pincode,
    shipping: store.shipping,
    rate,
  });
  const refused = refusal(quote);
  if (refused) return refused;

  for (let attempt = 1; ; attempt++) {
    // The order's id, number and access token are chosen here, so that the idempotency key is
    // recorded with its answer in the transaction's first statement: a second request with the
    // same key waits on that row until this one commits, then answers with this order.
    const order: PlacedOrder = {
      orderId: randomUUID(),
      orderNumber: newOrderNumber(),
      paymentMethod: request.paymentMethod,
      grandTotal: quote.grandTotal,
      accessToken: newAccessToken(),
    };
    try {
      return await transactionWithRetry(db, async (tx) => {
        if (key) {
          const claimed = await tx
            .insert(idempotencyKeys)
            .values({
              storeId: store.id,
              scope: IDEMPOTENCY_SCOPE,
              key,
              requestHash,
              statusCode: 201,
              response: { order } satisfies StoredResponse,
              completedAt: sql`now()`,
            })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          // Another request with this key committed first: answer with its order.
          if (claimed.length === 0) return (await findEarlier(tx, store.id, key, requestHash)) ?? inProgress();
        }
        await takeStock(tx, store.id, request.lines, facts);
        await insertOrder(tx, store, request, quote, order, options.customerId ?? null);
        return { ok: true, replayed: false, order } as const;
      });
    } catch (error) {
      if (error instanceof StockShort) return stockRefusal(db, store, request);
      // Order numbers are random (10^12 a day): a clash runs the transaction again with a new one.
      if (attempt < 3 && isUniqueViolation(error, "orders_store_number")) continue;
      throw error;
    }
  }
}

function inProgress(): PlaceOrderOutcome {
  return { ok: false, status: 409, error: PLACE_ORDER_MESSAGES.inProgress, problems: [] };
}

async function findEarlier(
  db: Db | Tx,
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

async function insertOrder(
  tx: Tx,
  store: Store,
  request: PlaceOrderRequest,
  quote: CartQuote,
  order: PlacedOrder,
  signedInCustomerId: string | null,
): Promise<void> {
  const address = addressSnapshot(request.address);
  // Without 'Save address', an order by a known phone is still linked to its customer, looked
  // up in the insert itself.
  const customerId = request.saveAddress
    ? await saveCustomer(tx, store.id, request.address, address, signedInCustomerId)
    : (signedInCustomerId ??
      sql`(select ${customers.id} from ${customers} where ${customers.storeId} = ${store.id} and ${customers.phone} = ${address.phone})`);
  await tx.insert(orders).values({
    id: order.orderId,
    storeId: store.id,
    orderNumber: order.orderNumber,
    customerId,
    phone: address.phone,
    email: address.email || null,
    paymentMethod: request.paymentMethod,
    status: "Pending",
    paymentStatus: "pending" as const,
    channel: "Online Store",
    subtotal: quote.subtotal,
    discount: quote.discount,
    shipping: quote.shipping.amount,
    grandTotal: quote.grandTotal,
    shippingType: quote.shipping.type,
    couponCode: quote.coupon?.code ?? null,
    customerAddress: address,
    accessTokenHash: hashToken(order.accessToken),
  });
  await tx.insert(orderItems).values(
    quote.lines.map((line, position) => ({
      orderId: order.orderId,
      productId: line.productId,
      name: line.name,
      photo: line.photo,
      sku: line.sku,
      selectedSize: line.size,
      setSizes: line.setSizes.length > 0 ? line.setSizes : null,
      quantity: line.qty,
      unitPrice: line.unitPrice,
      total: line.total,
      position,
    })),
  );
}

/**
 * 'Save address': the customer record for this phone is created or updated with the form
 * (the spec's merge: what the form holds replaces what was there; optional fields left empty
 * keep their earlier value). A signed-in customer's own record is the one updated.
 */
async function saveCustomer(
  tx: Tx,
  storeId: string,
  form: AddressForm,
  address: AddressSnapshot,
  signedInCustomerId: string | null,
): Promise<string> {
  const fields = {
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email || null,
    address: address.address,
    apartment: address.apartment,
    city: address.city,
    state: address.state,
    pin: address.pin,
    landmark: address.landmark,
    companyName: address.companyName,
    gstNumber: form.gstNumber,
  };
  const keep = (column: string) => sql.raw(`coalesce(nullif(excluded.${column}, ''), customers.${column})`);
  const merge = {
    firstName: sql`excluded.first_name`,
    lastName: sql`excluded.last_name`,
    email: sql`coalesce(excluded.email, customers.email)`,
    address: sql`excluded.address`,
    apartment: keep("apartment"),
    city: sql`excluded.city`,
    state: sql`excluded.state`,
    pin: sql`excluded.pin`,
    landmark: keep("landmark"),
    companyName: keep("company_name"),
    gstNumber: keep("gst_number"),
    updatedAt: sql`now()`,
  };
  if (signedInCustomerId) {
    await tx
      .update(customers)
      .set({ ...fields, email: fields.email ?? sql`${customers.email}`, updatedAt: sql`now()` })
      .where(and(eq(customers.id, signedInCustomerId), eq(customers.storeId, storeId)));
    return signedInCustomerId;
  }
  const [row] = await tx
    .insert(customers)
    .values({ storeId, phone: address.phone, ...fields })
    .onConflictDoUpdate({ target: [customers.storeId, customers.phone], set: merge })
    .returning({ id: customers.id });
  if (!row) throw new Error("customer upsert returned nothing");
  return row.id;
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
