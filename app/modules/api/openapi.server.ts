import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { preferencesSchema } from "../accounts/preferences.server";
import { profileSchema, verifyCodeSchema } from "../accounts/schema";
import { idempotencyKeySchema, placeOrderRequestSchema, quoteRequestSchema } from "../checkout/order-request";
import { listItemSchema, listUpdateSchema, newListSchema } from "../lists/rules";
import { quoteRequestBodySchema } from "../quotes/request.server";
import { newsletterSchema } from "../store/newsletter.server";
import type { ApiMethod, ApiPath, INTERNAL_PATHS } from "./endpoints";
import {
  nearestQuerySchema,
  paymentReturnSchema,
  productRangeSchema,
  quickOrderSchema,
  reorderSchema,
  signInCodeSchema,
} from "./request-schemas.server";

/**
 * The Store API as an OpenAPI 3.1 document (issue 60), made by zod-openapi from the very zod
 * schemas the routes validate their requests with, so the two cannot drift apart; the typed
 * table below must name every public endpoint and method of `endpoints.ts` (a test holds it to
 * the routes as well). Answers are described in words and the one error shape, { error }.
 */

const errorSchema = z
  .object({
    error: z.string().meta({ description: "What went wrong, in words a shopper can be shown." }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "For 422: the message of each field that is wrong, by its path." }),
    problems: z
      .array(z.unknown())
      .optional()
      .meta({ description: "For 409 on an order: the lines that cannot be sold as sent." }),
  })
  .meta({ id: "Error" });

const json = (description: string) => ({ description, content: { "application/json": { schema: z.unknown() } } });
const error = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });
const body = (schema: z.ZodType, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { "application/json": { schema } },
});

/** Answers every write may get besides its own: the anti-forgery check and the body's limits. */
const WRITE_ERRORS: ZodOpenApiResponsesObject = {
  "403": error("The anti-forgery pair is missing or wrong (see the document's description)."),
  "413": error("The body is too large."),
  "415": error("The body is not JSON."),
  "422": error("A field is not valid: `fields` names each."),
};
const SIGNED_IN: ZodOpenApiResponsesObject = { "401": error("Not signed in (no valid `mandi_session` cookie).") };

/**
 * The products page's filters. The server reads them leniently (`listing-params.ts`: a value
 * that makes no sense is dropped, so a shared link with a typo still shows products), so they
 * are described here rather than converted from that reading.
 */
const listingQuery = z.object({
  q: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "Words to search: name, SKU, brand, category, kitchen words." }),
  category: z.string().max(120).optional().meta({ description: "A category's slug or name." }),
  sub: z.string().max(120).optional().meta({ description: "A sub-category's name within the category." }),
  brand: z.string().max(120).optional().meta({ description: "A brand's name." }),
  brandId: z.uuid().optional().meta({ description: "A brand's id (wins over brand)." }),
  disc: z.number().int().min(0).max(100).optional().meta({ description: "At least this percent off the MRP." }),
  min: z.number().int().min(0).optional().meta({ description: "Lowest price in rupees." }),
  max: z.number().int().min(0).optional().meta({ description: "Highest price in rupees." }),
  sort: z.enum(["newest", "priceAsc", "priceDesc", "relevance"]).optional(),
  page: z.number().int().min(1).optional().meta({ description: "Pages of 24 shown at once (the listing page)." }),
});
const idParam = (what: string) => z.object({ id: z.string().meta({ description: what }) });

type Operations = {
  [P in Exclude<ApiPath, (typeof INTERNAL_PATHS)[number]>]: Partial<
    Record<Lowercase<ApiMethod>, ZodOpenApiOperationObject>
  >;
};

const OPERATIONS: Operations = {
  "/api/openapi.json": {
    get: { tags: ["API"], summary: "This document", responses: { "200": json("The OpenAPI 3.1 document.") } },
  },
  "/api/products": {
    get: {
      tags: ["Catalogue"],
      summary: "One page of the product listing",
      description: "The products page's filters, and which slice: for Load more and the home page's sections.",
      requestParams: { query: listingQuery.extend(productRangeSchema.shape) },
      responses: {
        "200": json("{ products[], hasMore, total?, match }: cards as the listing shows them."),
        "400": error("offset or limit out of range."),
      },
    },
  },
  "/api/listing": {
    get: {
      tags: ["Catalogue"],
      summary: "What the products page shows for some filters",
      requestParams: { query: listingQuery },
      responses: { "200": json("The listing page's data: filters, categories, names, the first page of products.") },
    },
  },
  "/api/search/suggestions": {
    get: {
      tags: ["Catalogue"],
      summary: "Up to 8 products for a search box",
      requestParams: { query: z.object({ q: z.string().max(100).meta({ description: "What was typed." }) }) },
      responses: { "200": json("{ suggestions: [{ id, name, slug, photo, price }] }") },
    },
  },
  "/api/cart/quote": {
    post: {
      tags: ["Cart and checkout"],
      summary: "Price a cart as the server would charge it",
      description:
        "Each line at today's tier price with its stock, the coupon, shipping to the pincode and the totals. Changes nothing.",
      requestBody: body(quoteRequestSchema),
      responses: {
        "200": json("{ lines[], subtotal, discount, shipping, grandTotal, problems[] } in paise."),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/quick-order": {
    post: {
      tags: ["Cart and checkout"],
      summary: "Find the products of many lines at once",
      description:
        'Pasted text ("SKU<TAB>qty", "SKU,qty" or "name qty" per line) or lines already read. Changes nothing.',
      requestBody: body(quickOrderSchema),
      responses: {
        "200": json("{ lines: [{ line, status, product?, qty, unitPrice, total, choices? }] }"),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/quotes": {
    post: {
      tags: ["Cart and checkout"],
      summary: "Ask the shop for a quote on a cart",
      description: "Taken when the store's pincode is not served or the cart reaches the store's amount for quotes.",
      requestBody: body(quoteRequestBodySchema),
      responses: {
        "201": json("{ id, reference, url }: url opens the quote and holds its key."),
        "409": error("A line is not sold as asked."),
        "429": error("Too many orders and requests came from here."),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/pincodes/nearest": {
    get: {
      tags: ["Cart and checkout"],
      summary: "The pincode nearest to a point",
      description: "From the offline directory's post offices: null farther than 15 km from all of them.",
      requestParams: { query: nearestQuerySchema },
      responses: {
        "200": json("{ place: { pincode, district, state, km, label } | null }"),
        "422": error("lat or lng is not a point."),
      },
    },
  },
  "/api/pincodes/{pincode}": {
    get: {
      tags: ["Cart and checkout"],
      summary: "Where a pincode is and whether the store delivers there",
      requestParams: {
        path: z.object({
          pincode: z
            .string()
            .regex(/^[1-9]\d{5}$/)
            .meta({ description: "6 digits." }),
        }),
      },
      responses: {
        "200": json("{ pincode, status: servicable | not-servicable, message, city, state, states[], districts[] }"),
        "400": error("Not a 6-digit pincode."),
      },
    },
  },
  "/api/orders": {
    post: {
      tags: ["Orders"],
      summary: "Place an order",
      description:
        "From the cart's product ids and quantities and the checkout form. Every price and total is the server's own. A repeat with the same Idempotency-Key returns the first order (200).",
      requestParams: { header: z.object({ "Idempotency-Key": idempotencyKeySchema.optional() }) },
      requestBody: body(placeOrderRequestSchema),
      responses: {
        "201": json("{ orderId, orderNumber, paymentMethod, grandTotal, confirmBy, redirectTo, paymentLink? }"),
        "200": json("The order a repeat of the same Idempotency-Key placed."),
        "409": error("A line cannot be sold as shown: `problems` says which and why."),
        "429": error("Too many orders from this address or for this phone."),
        "502": error("The gateway would not start the payment; the order waits, unpaid."),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/orders/{id}": {
    get: {
      tags: ["Orders"],
      summary: "An order as the thank-you page shows it",
      description: "In full to the browser that placed it; to anyone else only its number and status.",
      requestParams: { path: idParam("The order's id (a UUID).") },
      responses: { "200": json("The order."), "404": error("No such order.") },
    },
  },
  "/api/orders/{id}/invoice": {
    get: {
      tags: ["Orders"],
      summary: "The order's GST tax invoice as a PDF",
      requestParams: { path: idParam("The order's id (a UUID).") },
      responses: {
        "200": {
          description: "The invoice.",
          content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
        },
        "404": error("No such order for this browser or customer, or no invoice yet."),
      },
    },
  },
  "/api/payments/return": {
    post: {
      tags: ["Payments"],
      summary: "Check an order's payment after the gateway's page",
      description: "The server asks the gateway's status API; the return address's own status is only a hint.",
      requestBody: body(paymentReturnSchema),
      responses: {
        "200": json("{ orderId, app_status: paid | pending | failed | refunded | voided | unknown }"),
        "404": error("Order not found."),
        "502": error("Could not confirm the payment status."),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/payments/webhook": {
    post: {
      tags: ["Payments"],
      summary: "Juspay's webhooks",
      description: "Basic auth with JUSPAY_WEBHOOK_USERNAME and JUSPAY_WEBHOOK_PASSWORD.",
      requestBody: { required: true, content: { "application/json": { schema: z.unknown() } } },
      responses: {
        "200": json("The event is recorded."),
        "400": error("The body is not an event."),
        "401": error("Wrong credentials."),
      },
    },
  },
  "/api/newsletter": {
    post: {
      tags: ["Store"],
      summary: "Sign up for the newsletter",
      description: "JSON, or a plain form post that is answered with a redirect back to its page.",
      requestBody: body(newsletterSchema),
      responses: { "200": json("{ message }"), "500": error("It could not be saved."), ...WRITE_ERRORS },
    },
  },
  "/api/account/code": {
    post: {
      tags: ["Account"],
      summary: "Send a sign-in code by SMS",
      description: "The same answer whether or not the phone belongs to a customer.",
      requestBody: body(signInCodeSchema),
      responses: {
        "200": json("{ resendAfterSeconds, expiresInSeconds }"),
        "429": error("Asked too often: see Retry-After."),
        "502": error("Failed to send OTP."),
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/account/session": {
    get: {
      tags: ["Account"],
      summary: "Who is signed in",
      responses: { "200": json("{ signedIn, profile? }") },
    },
    post: {
      tags: ["Account"],
      summary: "Sign in with the code",
      description: "Sets a new session token in an HttpOnly cookie, `mandi_session`; the old one stops working.",
      requestBody: body(verifyCodeSchema.strict()),
      responses: { "200": json("{ signedIn: true, profile }"), "429": error("Too many wrong codes."), ...WRITE_ERRORS },
    },
    delete: {
      tags: ["Account"],
      summary: "Sign out",
      responses: { "200": json("{ signedIn: false }"), "403": error("The anti-forgery pair is missing or wrong.") },
    },
  },
  "/api/account/profile": {
    get: {
      tags: ["Account"],
      summary: "The signed-in customer's profile",
      responses: { "200": json("{ profile }"), ...SIGNED_IN },
    },
    put: {
      tags: ["Account"],
      summary: "Save the profile",
      requestBody: body(profileSchema),
      responses: { "200": json("{ profile }"), ...SIGNED_IN, ...WRITE_ERRORS },
    },
  },
  "/api/account/orders": {
    get: {
      tags: ["Account"],
      summary: "The customer's orders, up to 50, newest first",
      responses: { "200": json("{ orders[] }"), ...SIGNED_IN },
    },
  },
  "/api/account/orders/{id}": {
    get: {
      tags: ["Account"],
      summary: "One of the customer's orders",
      description: "Without its delivery details when a guest placed it with the customer's phone.",
      requestParams: { path: idParam("The order's id (a UUID).") },
      responses: { "200": json("{ order }"), "404": error("Not one of the customer's orders."), ...SIGNED_IN },
    },
  },
  "/api/account/reorder": {
    post: {
      tags: ["Account"],
      summary: "An order's items at today's prices, for the cart",
      requestBody: body(reorderSchema),
      responses: {
        "200": json("{ lines[], leftOut[] }"),
        "404": error("Not one of the customer's orders."),
        ...SIGNED_IN,
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/account/lists": {
    get: {
      tags: ["Lists"],
      summary: "The customer's lists",
      responses: { "200": json("{ lists: [{ id, name, itemCount }] }"), ...SIGNED_IN },
    },
    post: {
      tags: ["Lists"],
      summary: "Make a list, from the cart's lines or one of the customer's orders",
      requestBody: body(newListSchema),
      responses: {
        "201": json("{ list }"),
        "404": error("The order is not the customer's."),
        "409": error("A name already used, or one list too many."),
        ...SIGNED_IN,
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/account/lists/{id}": {
    get: {
      tags: ["Lists"],
      summary: "A list with its products as they are today",
      requestParams: { path: idParam("The list's id.") },
      responses: {
        "200": json("{ list: { id, name, items[] } }"),
        "404": error("Not the customer's list."),
        ...SIGNED_IN,
      },
    },
    put: {
      tags: ["Lists"],
      summary: "Rename a list and set its lines",
      requestParams: { path: idParam("The list's id.") },
      requestBody: body(listUpdateSchema),
      responses: { "200": json("{ list }"), "404": error("Not the customer's list."), ...SIGNED_IN, ...WRITE_ERRORS },
    },
    delete: {
      tags: ["Lists"],
      summary: "Delete a list",
      requestParams: { path: idParam("The list's id.") },
      responses: { "204": { description: "Deleted." }, "404": error("Not the customer's list."), ...SIGNED_IN },
    },
  },
  "/api/account/lists/{id}/items": {
    post: {
      tags: ["Lists"],
      summary: "Add a product to a list",
      requestParams: { path: idParam("The list's id.") },
      requestBody: body(listItemSchema),
      responses: {
        "200": json("{ list: { id, name, itemCount } }"),
        "404": error("Not the customer's list."),
        ...SIGNED_IN,
        ...WRITE_ERRORS,
      },
    },
  },
  "/api/account/lists/{id}/cart": {
    post: {
      tags: ["Lists"],
      summary: "A list's lines at today's prices and stock, for the cart",
      requestParams: { path: idParam("The list's id.") },
      responses: {
        "200": json('{ lines[], leftOut: ["Amul Butter 500 g (sold out)"] }'),
        "404": error("Not the customer's list."),
        ...SIGNED_IN,
      },
    },
  },
  "/api/account/messages": {
    put: {
      tags: ["Account"],
      summary: "The customer's message choices",
      requestBody: body(preferencesSchema),
      responses: { "200": json("{ whatsapp, newsletter }"), ...SIGNED_IN, ...WRITE_ERRORS },
    },
  },
};

const DESCRIPTION = `The storefront's own API: the same calls the store's pages make.

Prices and totals are in paise (₹1 = 100) and GST-inclusive. Every error is JSON, \`{ "error": "..." }\`, with \`fields\` on a 422; an unknown path is a 404 and a wrong method a 405 with \`Allow\`.

Writes need the anti-forgery pair: the token from the \`mandi_csrf\` cookie (set on any page) repeated in the \`X-CSRF-Token\` header, and an \`X-Requested-With\` header. A signed-in customer's calls carry the \`mandi_session\` cookie that POST /api/account/session sets.`;

let document: object | null = null;

/** The document, made once per process: it depends on nothing but the code. */
export function openApiDocument(): object {
  document ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Mandi Store API",
      version: "1",
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/" }],
    paths: OPERATIONS,
  });
  return document;
}

/** The operations the document describes, as "METHOD /path", for the test that holds it to the routes. */
export function documentedOperations(): string[] {
  const paths: Record<string, object> = OPERATIONS;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}
