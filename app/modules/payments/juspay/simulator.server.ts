import { randomBytes } from "node:crypto";
import type { Paise } from "../../money/types";
import {
  basicAuth,
  checkBasicAuth,
  JUSPAY_STATUS_IDS,
  type JuspayStatus,
  parseAmount,
  signReturnParams,
} from "./protocol";

/**
 * A gateway that speaks Juspay's protocol (reference/juspay.md): sessions, order status with
 * the real codes and error shapes, signed return parameters, basic-auth webhooks, refunds with
 * the duplicate and amount rules. It plays the gateway for the built-in sandbox (its books in
 * the database, its payment page served by Mandi) and for the tests (books in memory, behind
 * a real HTTP server). Either way Mandi's side talks to it through the same adapter as to Juspay.
 */

export interface SimRefund {
  unique_request_id: string;
  id: string;
  ref: string;
  amount: number;
  status: "PENDING" | "SUCCESS" | "FAILURE" | "MANUAL_REVIEW";
  created: string;
}

/** An order in the simulated gateway's books, in Juspay's own field names. */
export interface SimOrder {
  id: string;
  order_id: string;
  merchant_id: string;
  amount: number;
  currency: string;
  status: JuspayStatus;
  status_id: number;
  date_created: string;
  customer_id: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  description: string | null;
  return_url: string;
  udf: Record<string, string>;
  txn_id: string | null;
  payment_method_type: string | null;
  payment_method: string | null;
  error_message: string | null;
  refunds: SimRefund[];
  session: Record<string, unknown>;
}

/** Where the simulator keeps its books. */
export interface SimBooks {
  get(merchantId: string, orderId: string): Promise<SimOrder | null>;
  getById(id: string): Promise<SimOrder | null>;
  /** Adds an order; false when the merchant already has one with this order_id. */
  insert(order: SimOrder): Promise<boolean>;
  update(order: SimOrder): Promise<void>;
}

export function memoryBooks(): SimBooks & { all(): SimOrder[] } {
  const byId = new Map<string, SimOrder>();
  const key = (m: string, o: string) => `${m}\u0000${o}`;
  const byOrder = new Map<string, string>();
  const copy = (o: SimOrder): SimOrder => structuredClone(o);
  return {
    async get(merchantId, orderId) {
      const id = byOrder.get(key(merchantId, orderId));
      const found = id ? byId.get(id) : undefined;
      return found ? copy(found) : null;
    },
    async getById(id) {
      const found = byId.get(id);
      return found ? copy(found) : null;
    },
    async insert(order) {
      const k = key(order.merchant_id, order.order_id);
      if (byOrder.has(k)) return false;
      byOrder.set(k, order.id);
      byId.set(order.id, copy(order));
      return true;
    },
    async update(order) {
      byId.set(order.id, copy(order));
    },
    all: () => [...byId.values()].map(copy),
  };
}

export interface SimulatorConfig {
  merchantId: string;
  apiKey: string;
  responseKey: string;
  /** Payment page addresses are `${paymentPageBase}/${id}`. */
  paymentPageBase: string;
  books: SimBooks;
  webhook?: {
    username: string;
    password: string;
    /** Delivers one webhook request (over HTTP, or straight to the handler in-process). */
    deliver(request: Request): Promise<Response>;
    /** Waits before the retries of an undelivered webhook (Juspay retries anything but 200). */
    retryDelaysMs?: number[];
    /** Send every event twice, as Juspay sometimes does. */
    duplicate?: boolean;
  };
  now?: () => Date;
}

/** What the tester picks on the payment page. */
export const SIM_CHOICES = ["success", "failure", "pending", "cancel"] as const;
export type SimChoice = (typeof SIM_CHOICES)[number];

const CHOICE_OUTCOME: Record<SimChoice, { status: JuspayStatus; error: string | null; event: string | null }> = {
  success: { status: "CHARGED", error: null, event: "ORDER_SUCCEEDED" },
  failure: {
    status: "AUTHORIZATION_FAILED",
    error: "The bank declined this payment (test gateway).",
    event: "ORDER_FAILED",
  },
  pending: { status: "PENDING_VBV", error: null, event: "TXN_CREATED" },
  cancel: {
    status: "AUTHENTICATION_FAILED",
    error: "Payment cancelled by the customer (test gateway).",
    event: "ORDER_FAILED",
  },
};

/** Whether the payment page still offers a choice for this order. */
export function isOpenForPayment(order: SimOrder): boolean {
  return order.status === "NEW" || order.status === "PENDING_VBV";
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

function invalid(message: string, field?: string): Response {
  return json(400, {
    status: "Bad Request",
    error_code: "INVALID_REQUEST",
    error_message: message,
    error_info: {
      user_message: message,
      developer_message: message,
      fields: field ? [{ field_name: field, reason: message }] : [],
    },
  });
}

function randomId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString("base64url")}`;
}

export class JuspaySimulator {
  private readonly now: () => Date;
  /** Webhook deliveries still running (tests wait for them). */
  private readonly deliveries = new Set<Promise<void>>();

  constructor(private readonly config: SimulatorConfig) {
    this.now = config.now ?? (() => new Date());
  }

  /** Serves the gateway's HTTP API: POST /session, GET /orders/{id}, POST /orders/{id}/refunds. */
  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (
      !checkBasicAuth(request.headers.get("authorization"), this.config.apiKey, "") ||
      request.headers.get("x-merchantid") !== this.config.merchantId
    ) {
      return json(401, { status: "error", error_code: "access_denied", error_info: { code: "UNAUTHORIZED" } });
    }
    const path = url.pathname.replace(/\/+$/, "");
    if (request.method === "POST" && path.endsWith("/session")) return this.createSession(request);
    const refund = /\/orders\/([^/]+)\/refunds$/.exec(path);
    if (request.method === "POST" && refund?.[1]) return this.refund(decodeURIComponent(refund[1]), request);
    const status = /\/orders\/([^/]+)$/.exec(path);
    if (request.method === "GET" && status?.[1]) return this.orderStatus(decodeURIComponent(status[1]));
    return json(404, { status: "error", error_code: "not_found", error_message: "No such endpoint" });
  }

  private async createSession(request: Request): Promise<Response> {
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return invalid("Request body must be JSON.");
    }
    const orderId = typeof body.order_id === "string" ? body.order_id : "";
    if (!/^[A-Za-z0-9_-]{1,21}$/.test(orderId)) return invalid("Invalid order_id", "order_id");
    const amountText = typeof body.amount === "string" ? body.amount : "";
    const amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? parseAmount(amountText) : null;
    if (amount === null || amount <= 0) return invalid("Invalid amount", "amount");
    if ((body.currency ?? "INR") !== "INR") return invalid("Invalid currency", "currency");
    const returnUrl = typeof body.return_url === "string" ? body.return_url : "";
    if (!/^https?:\/\//.test(returnUrl)) return invalid("Invalid return_url", "return_url");
    if (typeof body.payment_page_client_id !== "string" || body.payment_page_client_id === "") {
      return invalid("Missing payment_page_client_id", "payment_page_client_id");
    }

    const existing = await this.config.books.get(this.config.merchantId, orderId);
    if (existing) {
      if (existing.amount !== amount / 100) return invalid("Order already exists with a different amount", "amount");
      return json(200, existing.session);
    }
    const id = randomId("ordeh_");
    const expiry = new Date(this.now().getTime() + 15 * 60_000).toISOString();
    const session = {
      status: "NEW",
      id,
      order_id: orderId,
      payment_links: { web: `${this.config.paymentPageBase}/${id}`, expiry },
      sdk_payload: { requestId: randomId(""), service: "in.juspay.hyperpay", payload: { action: "paymentPage" } },
    };
    const udf: Record<string, string> = {};
    for (let i = 1; i <= 10; i++) {
      const value = body[`udf${i}`];
      if (typeof value === "string" && value !== "") udf[`udf${i}`] = value;
    }
    const order: SimOrder = {
      id,
      order_id: orderId,
      merchant_id: this.config.merchantId,
      amount: amount / 100,
      currency: "INR",
      status: "NEW",
      status_id: JUSPAY_STATUS_IDS.NEW,
      date_created: this.now().toISOString(),
      customer_id: typeof body.customer_id === "string" ? body.customer_id : null,
      customer_email: typeof body.customer_email === "string" ? body.customer_email : null,
      customer_phone: typeof body.customer_phone === "string" ? body.customer_phone : null,
      description: typeof body.description === "string" ? body.description : null,
      return_url: returnUrl,
      udf,
      txn_id: null,
      payment_method_type: null,
      payment_method: null,
      error_message: null,
      refunds: [],
      session,
    };
    if (!(await this.config.books.insert(order))) {
      // Another request created it a moment ago.
      const raced = await this.config.books.get(this.config.merchantId, orderId);
      return raced ? json(200, raced.session) : invalid("Could not create the order");
    }
    return json(200, session);
  }

  private async orderStatus(orderId: string): Promise<Response> {
    const order = await this.config.books.get(this.config.merchantId, orderId);
    if (!order) {
      return json(400, {
        status: "NOT_FOUND",
        status_id: JUSPAY_STATUS_IDS.NOT_FOUND,
        error_message: "Order not found",
        error_info: { code: "RESOURCE_NOT_FOUND" },
        order_id: orderId,
      });
    }
    return json(200, statusBody(order));
  }

  private async refund(orderId: string, request: Request): Promise<Response> {
    const order = await this.config.books.get(this.config.merchantId, orderId);
    if (!order) return invalid("Order not found", "order_id");
    const type = request.headers.get("content-type") ?? "";
    let fields: Record<string, unknown>;
    try {
      fields = type.includes("json")
        ? ((await request.json()) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(await request.text()));
    } catch {
      return invalid("Unreadable request body.");
    }
    const requestId = typeof fields.unique_request_id === "string" ? fields.unique_request_id : "";
    if (requestId === "" || requestId.length >= 21) return invalid("Invalid unique_request_id", "unique_request_id");
    if (order.refunds.some((r) => r.unique_request_id === requestId)) {
      return json(400, {
        status: "Bad Request",
        error_code: "duplicate.call",
        error_message: "Duplicate request: a refund with this unique_request_id exists",
      });
    }
    if (order.status !== "CHARGED") return invalid("Only charged orders can be refunded", "order_id");
    const balance = Math.round(order.amount * 100) - refundedPaise(order);
    const requested = fields.amount === undefined || fields.amount === "" ? balance : parseAmount(fields.amount);
    if (requested === null || requested <= 0) return invalid("Invalid amount", "amount");
    if (requested > balance) {
      return json(400, {
        status: "Bad Request",
        error_code: "invalid.amount.exceeded",
        error_message: "Refund amount exceeds the amount left to refund",
      });
    }
    order.refunds.push({
      unique_request_id: requestId,
      id: randomId("ref_"),
      ref: randomId(""),
      amount: requested / 100,
      status: "SUCCESS",
      created: this.now().toISOString(),
    });
    await this.config.books.update(order);
    this.sendWebhook("ORDER_REFUNDED", order);
    return json(200, statusBody(order));
  }

  /**
   * The tester's choice on the payment page: the order's new status, a webhook for it, and the
   * signed address to send the shopper back to.
   */
  async pay(id: string, choice: SimChoice): Promise<{ order: SimOrder; returnUrl: string } | null> {
    const order = await this.config.books.getById(id);
    if (!order) return null;
    if (isOpenForPayment(order)) {
      const outcome = CHOICE_OUTCOME[choice];
      order.status = outcome.status;
      order.status_id = JUSPAY_STATUS_IDS[outcome.status];
      order.error_message = outcome.error;
      order.txn_id ??= `${order.merchant_id}-${order.order_id}-1`;
      order.payment_method_type = "UPI";
      order.payment_method = "UPI";
      await this.config.books.update(order);
      if (outcome.event) this.sendWebhook(outcome.event, order);
    }
    return { order, returnUrl: this.returnUrl(order) };
  }

  /**
   * The bank lets go of a payment it was holding (an authorisation never captured): VOIDED, with
   * its webhook. Only for a payment still pending.
   */
  async voidPayment(id: string): Promise<{ order: SimOrder; returnUrl: string } | null> {
    const order = await this.config.books.getById(id);
    if (order?.status !== "PENDING_VBV") return null;
    order.status = "VOIDED";
    order.status_id = JUSPAY_STATUS_IDS.VOIDED;
    await this.config.books.update(order);
    this.sendWebhook("ORDER_VOIDED", order);
    return { order, returnUrl: this.returnUrl(order) };
  }

  /** The order as the payment page shows it. */
  find(id: string): Promise<SimOrder | null> {
    return this.config.books.getById(id);
  }

  /** The merchant's return URL with Juspay's parameters, signed with the response key. */
  returnUrl(order: SimOrder): string {
    const url = new URL(order.return_url);
    url.searchParams.set("order_id", order.order_id);
    url.searchParams.set("status", order.status);
    url.searchParams.set("status_id", String(order.status_id));
    url.searchParams.set("signature", signReturnParams(url.searchParams, this.config.responseKey));
    url.searchParams.set("signature_algorithm", "HMAC-SHA256");
    return url.toString();
  }

  /** Sends a webhook in the background, retrying anything but 200 as Juspay does. */
  sendWebhook(eventName: string, order: SimOrder): void {
    const hook = this.config.webhook;
    if (!hook) return;
    const event = {
      id: randomId("evt_V2_"),
      event_name: eventName,
      date_created: this.now().toISOString(),
      content: { order: statusBody(order) },
    };
    const body = JSON.stringify(event);
    const deliverOnce = async () => {
      const delays = hook.retryDelaysMs ?? [500, 2_000, 5_000];
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await hook.deliver(
            new Request("http://webhook.invalid/", {
              method: "POST",
              headers: { authorization: basicAuth(hook.username, hook.password), "content-type": "application/json" },
              body,
            }),
          );
          await response.body?.cancel();
          if (response.status === 200) return;
        } catch {
          // Unreachable: retried below.
        }
        const delay = delays[attempt];
        if (delay === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    };
    const copies = hook.duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delivery = deliverOnce().finally(() => this.deliveries.delete(delivery));
      this.deliveries.add(delivery);
    }
  }

  /** Resolves when every webhook sent so far has been delivered or given up. */
  async settled(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }
}

function refundedPaise(order: SimOrder): number {
  return order.refunds.filter((r) => r.status !== "FAILURE").reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
}

/** The order status object of GET /orders/{id}, webhooks and refunds. */
export function statusBody(order: SimOrder): Record<string, unknown> {
  const refunded = refundedPaise(order);
  const amountPaise = Math.round(order.amount * 100) as Paise;
  return {
    id: order.id,
    order_id: order.order_id,
    merchant_id: order.merchant_id,
    customer_id: order.customer_id,
    customer_email: order.customer_email,
    customer_phone: order.customer_phone,
    status: order.status,
    status_id: order.status_id,
    amount: order.amount,
    currency: order.currency,
    date_created: order.date_created,
    return_url: order.return_url,
    txn_id: order.txn_id,
    txn_uuid: order.txn_id ? `eul_${order.id.slice(6)}` : null,
    payment_method_type: order.payment_method_type,
    payment_method: order.payment_method,
    // Juspay keeps status CHARGED and sets refunded once any refund went through.
    refunded: refunded > 0,
    amount_refunded: refunded / 100,
    effective_amount: (amountPaise - refunded) / 100,
    refunds: order.refunds,
    txn_detail: order.txn_id
      ? { txn_id: order.txn_id, status: order.status, error_message: order.error_message ?? "", gateway: "SANDBOX" }
      : undefined,
    bank_error_message: order.error_message ?? "",
    ...order.udf,
  };
}
