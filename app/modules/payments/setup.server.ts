import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { sandboxGatewayOrders } from "../../db/schema";
import type { Env } from "../../env.server";
import type { Logger } from "../../logger.server";
import type { PaymentGateway } from "./gateway";
import { JuspayGateway } from "./juspay/juspay-gateway.server";
import { JuspaySimulator, type SimBooks, type SimOrder } from "./juspay/simulator.server";
import type { Payments } from "./payments.server";
import { receiveWebhook } from "./webhook.server";

/**
 * Which gateway a request talks to (PAYMENT_GATEWAY): Juspay over HTTP, or the built-in
 * sandbox — Mandi's own Juspay simulator, reached through the very same adapter by an
 * in-process fetch, its payment page at /sandbox/pay/{id}, its webhooks delivered to the same
 * handler as Juspay's.
 */

/** The sandbox's fixed credentials: it is a test gateway, refused on a public store (env.server.ts). */
export const SANDBOX = {
  baseUrl: "http://sandbox.gateway.invalid",
  merchantId: "mandi_sandbox",
  apiKey: "sandbox_api_key",
  paymentPageClientId: "mandi_sandbox",
  responseKey: "sandbox_response_key",
  webhookUsername: "sandbox",
  webhookPassword: "sandbox_webhook_password",
} as const;

export const SANDBOX_PAGE_PATH = "/sandbox/pay";

/** The sandbox's books in the database, shared by every app process. */
export function databaseBooks(db: Db): SimBooks {
  const read = (row: { data: unknown } | undefined) => (row ? (row.data as SimOrder) : null);
  return {
    async get(merchantId, orderId) {
      const [row] = await db
        .select({ data: sandboxGatewayOrders.data })
        .from(sandboxGatewayOrders)
        .where(
          sql`${sandboxGatewayOrders.merchantId} = ${merchantId} and ${sandboxGatewayOrders.orderId} = ${orderId}`,
        );
      return read(row);
    },
    async getById(id) {
      const [row] = await db
        .select({ data: sandboxGatewayOrders.data })
        .from(sandboxGatewayOrders)
        .where(eq(sandboxGatewayOrders.id, id));
      return read(row);
    },
    async insert(order) {
      const inserted = await db
        .insert(sandboxGatewayOrders)
        .values({ id: order.id, merchantId: order.merchant_id, orderId: order.order_id, data: order })
        .onConflictDoNothing()
        .returning({ id: sandboxGatewayOrders.id });
      return inserted.length > 0;
    },
    async update(order) {
      await db
        .update(sandboxGatewayOrders)
        .set({ data: order, updatedAt: sql`now()` })
        .where(eq(sandboxGatewayOrders.id, order.id));
    },
  };
}

export interface PaymentSetup {
  payments: Payments;
  /** The sandbox's simulator (its payment page needs it); null with Juspay. */
  sandbox: JuspaySimulator | null;
}

/**
 * The payments of one request. `origin` is the store's public origin: the sandbox's payment
 * page lives there. Null when online payment is switched off (PAYMENT_GATEWAY=none).
 */
export function paymentSetup(deps: { db: Db; env: Env; log: Logger }, origin: string): PaymentSetup | null {
  const { db, env, log } = deps;
  if (env.PAYMENT_GATEWAY === "none") return null;
  if (env.PAYMENT_GATEWAY === "juspay") {
    const gateway = new JuspayGateway({
      baseUrl: env.JUSPAY_BASE_URL,
      merchantId: env.JUSPAY_MERCHANT_ID ?? "",
      apiKey: env.JUSPAY_API_KEY ?? "",
      paymentPageClientId: env.JUSPAY_PAYMENT_PAGE_CLIENT_ID ?? "",
      responseKey: env.JUSPAY_RESPONSE_KEY,
      webhookUsername: env.JUSPAY_WEBHOOK_USERNAME ?? "",
      webhookPassword: env.JUSPAY_WEBHOOK_PASSWORD ?? "",
    });
    return { payments: { db, gateway, log }, sandbox: null };
  }
  let payments: Payments | null = null;
  const simulator = new JuspaySimulator({
    merchantId: SANDBOX.merchantId,
    apiKey: SANDBOX.apiKey,
    responseKey: SANDBOX.responseKey,
    paymentPageBase: `${origin}${SANDBOX_PAGE_PATH}`,
    books: databaseBooks(db),
    webhook: {
      username: SANDBOX.webhookUsername,
      password: SANDBOX.webhookPassword,
      // Straight to the same handler that Juspay's webhooks reach over HTTP.
      deliver: (request) => {
        if (!payments) throw new Error("payments not ready");
        return receiveWebhook(payments, request);
      },
    },
  });
  const gateway: PaymentGateway = new JuspayGateway({
    ...SANDBOX,
    name: "sandbox",
    fetch: (input, init) => simulator.handle(new Request(input, init)),
  });
  payments = { db, gateway, log };
  return { payments, sandbox: simulator };
}
