import { z } from "zod";
import { UUID_PATTERN } from "../../db/ids";
import { addressFormSchema } from "./schema";

/**
 * What the browser sends to price a cart or place an order. Only identities and quantities
 * count: the server looks every price up itself. expectedUnitPrice is what the shopper was
 * shown, compared (never used) so that a changed price is reported instead of charged.
 */

/** Lines a cart may hold; a wholesale order rarely has more than a few dozen. */
export const MAX_CART_LINES = 200;
/** Units of one line: far above any kitchen's order, far below an integer overflow. */
export const MAX_LINE_QUANTITY = 100_000;
/** Bytes of a request body the order endpoints read; larger bodies are refused unread. */
export const MAX_ORDER_BODY_BYTES = 64 * 1024;

export const ORDER_REQUEST_MESSAGES = {
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different items. Please split the order.`,
  emptyCart: "Your cart is empty.",
  quantity: "Quantities must be whole numbers of at least 1.",
  quantityTooLarge: `A line can hold at most ${MAX_LINE_QUANTITY.toLocaleString("en-IN")} units.`,
  product: "An item in your cart is not a product of this store.",
  tooLarge: `The order is too large (over ${MAX_ORDER_BODY_BYTES / 1024} KB). A cart can hold at most ${MAX_CART_LINES} different items.`,
} as const;

const uuid = z.string().regex(UUID_PATTERN, {
  message: ORDER_REQUEST_MESSAGES.product,
});

/**
 * Objects are strict: a field the server does not take (a unit price, a line total, a grand
 * total) is refused with a message saying so, rather than silently dropped, so a client that
 * believes it can set a price learns at once that it cannot.
 */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unexpected field ${issue.keys.map((k) => `"${k}"`).join(", ")}: prices and totals are worked out by the store.`
        : undefined,
  });

export const requestedLineSchema = strict({
  productId: uuid.transform((v) => v.toLowerCase()),
  size: z.string().trim().max(60).nullable().default(null),
  setSizes: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  qty: z
    .number({ message: ORDER_REQUEST_MESSAGES.quantity })
    .int(ORDER_REQUEST_MESSAGES.quantity)
    .min(1, ORDER_REQUEST_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, ORDER_REQUEST_MESSAGES.quantityTooLarge),
  /** Paise per unit the shopper saw; compared with the server's price, never charged. */
  expectedUnitPrice: z.number().int().min(0).max(1e12).optional(),
});
export type RequestedLine = z.output<typeof requestedLineSchema>;

const linesSchema = z
  .array(requestedLineSchema)
  .min(1, ORDER_REQUEST_MESSAGES.emptyCart)
  .max(MAX_CART_LINES, ORDER_REQUEST_MESSAGES.tooManyLines);

export const couponInputSchema = z
  .string()
  .trim()
  .max(32, "Invalid coupon or conditions not met.")
  .transform((v) => v.toUpperCase())
  .default("");

/** POST /api/cart/quote: the cart, and as much of the checkout as is known. */
export const quoteRequestSchema = strict({
  lines: z.array(requestedLineSchema).max(MAX_CART_LINES, ORDER_REQUEST_MESSAGES.tooManyLines),
  coupon: couponInputSchema,
  pincode: z.string().trim().max(6).default(""),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export const PAYMENT_METHODS = ["COD", "ONLINE"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** POST /api/orders. */
export const placeOrderRequestSchema = strict({
  lines: linesSchema,
  address: addressFormSchema,
  saveAddress: z.boolean().default(true),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: "Choose Cash on Delivery or Pay Online." }).default("COD"),
  coupon: couponInputSchema,
});
export type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;
export type PlaceOrderInput = z.input<typeof placeOrderRequestSchema>;

/** Idempotency keys are the browser's own random ids: 16-100 URL-safe characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "The Idempotency-Key header must be 16-100 letters, digits, - or _.");
