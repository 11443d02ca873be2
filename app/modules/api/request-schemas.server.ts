import { z } from "zod";
import { sendCodeSchema } from "../accounts/schema";
import { MAX_QUICK_ORDER_LINES } from "../cart/quick-order";
import { PAGE_SIZE } from "../catalog/listing";
import { PAYMENT_MESSAGES } from "../payments/gateway";

/**
 * The request shapes of the API routes that belong to no one domain module. Kept here, not in
 * the routes, so the routes validate with them and the OpenAPI document describes them from
 * the same schemas (issue 60).
 */

/** GET /api/products: which slice of the listing. */
export const productRangeSchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(48).default(PAGE_SIZE),
});

/** POST /api/quick-order: pasted text, or lines already read (the quick-order page's rows), never both. */
export const quickOrderSchema = z.union([
  z.object({ text: z.string().max(64 * 1024, "Paste at most 64 KB at once.") }).strict(),
  z
    .object({
      lines: z
        .array(
          z
            .object({
              line: z.number().int().min(1).max(100_000),
              query: z.string().trim().min(1, "Name a product or a SKU.").max(200),
              qty: z.number().int().min(1).max(100_000).nullable(),
            })
            .strict(),
        )
        .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} lines at once.`),
    })
    .strict(),
]);

/** POST /api/payments/return: the order whose payment to check. */
export const paymentReturnSchema = z
  .object({
    order_id: z.string().trim().max(64).optional(),
    orderId: z.string().trim().max(64).optional(),
    /** The return URL's query string as the gateway sent it: a hint, checked and logged. */
    query: z.string().max(4_000).optional(),
  })
  .refine((b) => Boolean(b.orderId || b.order_id), { message: PAYMENT_MESSAGES.missingOrderId });

/** POST /api/account/reorder. */
export const reorderSchema = z.object({ orderId: z.string().uuid("Order not found.") }).strict();

/** POST /api/account/code: the phone, and the human check's token where the store asks for one. */
export const signInCodeSchema = sendCodeSchema.extend({ humanToken: z.string().max(4096).optional() }).strict();

/** POST /api/dev/sandbox-refund. */
export const sandboxRefundSchema = z.object({
  paymentId: z.string().regex(/^[\w-]{1,64}$/, "paymentId is a sandbox payment id."),
});

const LATITUDE = "lat is a latitude in degrees, from -90 to 90.";
const LONGITUDE = "lng is a longitude in degrees, from -180 to 180.";

/** GET /api/pincodes/nearest: a point in degrees. */
export const nearestQuerySchema = z.object({
  lat: z.coerce.number({ error: LATITUDE }).min(-90, LATITUDE).max(90, LATITUDE),
  lng: z.coerce.number({ error: LONGITUDE }).min(-180, LONGITUDE).max(180, LONGITUDE),
});
