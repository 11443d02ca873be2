import type { Paise } from "../../money/types";
import {
  GatewayError,
  type PaymentGateway,
  type PaymentSession,
  type RefundRequest,
  type SessionRequest,
} from "../gateway";
import {
  API_VERSION,
  basicAuth,
  checkBasicAuth,
  formatAmount,
  GATEWAY_ORDER_ID,
  type GatewayOrder,
  readGatewayOrder,
  verifyReturnParams,
} from "./protocol";

/**
 * Juspay / HDFC SmartGateway over its HTTP API with fetch (reference/juspay.md). Calls time
 * out; the idempotent ones (order status, refunds with their unique request id) are retried
 * on network errors and 5xx answers; gateway errors become GatewayErrors with the spec's
 * messages. Response bodies are read leniently: Juspay adds fields over time.
 */

export interface JuspayConfig {
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  paymentPageClientId: string;
  /** Verifies the return URL's signature; without it returns are unsigned hints. */
  responseKey?: string | undefined;
  webhookUsername: string;
  webhookPassword: string;
  /** The HTTP client (tests and the sandbox hand in their own). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Per-call time limit; default 10 s. */
  timeoutMs?: number;
  /** Waits before each retry of an idempotent call; default 250 ms, 1 s. */
  retryDelaysMs?: number[];
  name?: "juspay" | "sandbox";
}

type Json = Record<string, unknown>;

export class JuspayGateway implements PaymentGateway {
  readonly name: "juspay" | "sandbox";
  private readonly base: string;
  private readonly fetch: (input: string, init: RequestInit) => Promise<Response>;

  constructor(private readonly config: JuspayConfig) {
    this.name = config.name ?? "juspay";
    this.base = config.baseUrl.replace(/\/+$/, "");
    this.fetch = config.fetch ?? ((input, init) => fetch(input, init));
  }

  async createSession(request: SessionRequest): Promise<PaymentSession> {
    if (!GATEWAY_ORDER_ID.test(request.gatewayOrderId)) {
      throw new GatewayError("invalid-request", `gateway order id not accepted: ${request.gatewayOrderId}`);
    }
    const [firstName = "", ...rest] = request.customer.name.trim().split(/\s+/);
    const body: Json = {
      order_id: request.gatewayOrderId,
      amount: formatAmount(request.amount),
      currency: "INR",
      customer_id: request.customer.id ?? `guest-${request.customer.phone}`,
      customer_email: request.customer.email || undefined,
      customer_phone: request.customer.phone,
      first_name: firstName,
      last_name: rest.join(" "),
      description: request.description,
      payment_page_client_id: this.config.paymentPageClientId,
      action: "paymentPage",
      return_url: request.returnUrl,
      ...request.udf,
    };
    // Not retried: whether a second /session for one order id is harmless is not documented.
    const answer = await this.call("POST", "/session", { json: body }, false);
    const link = paymentLinkOf(answer);
    if (!link) throw new GatewayError("no-link", "gateway answered without a payment page link", { body: answer });
    return { paymentLink: link, raw: answer };
  }

  async getOrder(gatewayOrderId: string): Promise<GatewayOrder | null> {
    try {
      const answer = await this.call("GET", `/orders/${encodeURIComponent(gatewayOrderId)}`, {}, true);
      const order = readGatewayOrder(answer);
      if (!order)
        throw new GatewayError("bad-answer", "order status answer without order_id or status", { body: answer });
      return order;
    } catch (error) {
      if (error instanceof GatewayError && isNotFound(error.details.body)) return null;
      throw error;
    }
  }

  verifyReturn(params: URLSearchParams): boolean {
    return this.config.responseKey ? verifyReturnParams(params, this.config.responseKey) : false;
  }

  authenticateWebhook(authorization: string | null): boolean {
    return checkBasicAuth(authorization, this.config.webhookUsername, this.config.webhookPassword);
  }

  async refund(gatewayOrderId: string, request: RefundRequest): Promise<GatewayOrder> {
    const form = new URLSearchParams({ unique_request_id: request.uniqueRequestId });
    if (request.amount !== undefined) form.set("amount", formatAmount(request.amount as Paise));
    const path = `/orders/${encodeURIComponent(gatewayOrderId)}/refunds`;
    try {
      const answer = await this.call("POST", path, { form }, true);
      const order = readGatewayOrder(answer);
      if (!order) throw new GatewayError("bad-answer", "refund answer without the order", { body: answer });
      return order;
    } catch (error) {
      // A retry of a refund that went through the first time: the order says what happened.
      if (error instanceof GatewayError && error.details.code === "duplicate.call") {
        const order = await this.getOrder(gatewayOrderId);
        if (order) return order;
      }
      throw error;
    }
  }

  private headers(): Record<string, string> {
    return {
      authorization: basicAuth(this.config.apiKey, ""),
      "x-merchantid": this.config.merchantId,
      version: API_VERSION,
      accept: "application/json",
    };
  }

  private async call(
    method: "GET" | "POST",
    path: string,
    payload: { json?: Json; form?: URLSearchParams },
    idempotent: boolean,
  ): Promise<unknown> {
    const delays = idempotent ? (this.config.retryDelaysMs ?? [250, 1_000]) : [];
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.callOnce(method, path, payload);
      } catch (error) {
        const retryable =
          error instanceof GatewayError &&
          (error.kind === "network" || error.kind === "timeout" || (error.details.status ?? 0) >= 500);
        const delay = delays[attempt];
        if (!retryable || delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async callOnce(
    method: "GET" | "POST",
    path: string,
    payload: { json?: Json; form?: URLSearchParams },
  ): Promise<unknown> {
    const headers = this.headers();
    let body: string | undefined;
    if (payload.json) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(payload.json);
    } else if (payload.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = payload.form.toString();
    }
    const timeout = this.config.timeoutMs ?? 10_000;
    let response: Response;
    let text: string;
    const signal = AbortSignal.timeout(timeout);
    // The time limit holds even for an HTTP client that ignores the signal.
    const expired = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    expired.catch(() => {});
    try {
      response = await Promise.race([this.fetch(`${this.base}${path}`, { method, headers, body, signal }), expired]);
      text = await Promise.race([response.text(), expired]);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new GatewayError(
        timedOut ? "timeout" : "network",
        timedOut ? `gateway did not answer within ${timeout} ms` : `gateway unreachable: ${(error as Error).message}`,
      );
    }
    let parsed: unknown = null;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      parsed = text.slice(0, 500);
    }
    if (response.ok) return parsed;
    const fields = typeof parsed === "object" && parsed !== null ? (parsed as Json) : {};
    const code = typeof fields.error_code === "string" ? fields.error_code : undefined;
    const message = typeof fields.error_message === "string" ? fields.error_message : `HTTP ${response.status}`;
    const kind =
      response.status === 401 || response.status === 403
        ? "unauthorized"
        : response.status === 400
          ? "invalid-request"
          : "http";
    throw new GatewayError(kind, `gateway refused ${method} ${path}: ${message}`, {
      status: response.status,
      code,
      body: parsed,
    });
  }
}

/** `payment_links.web`; the old client's fields only as fallbacks. */
export function paymentLinkOf(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const a = answer as Json;
  const links = typeof a.payment_links === "object" && a.payment_links !== null ? (a.payment_links as Json) : {};
  for (const candidate of [links.web, a.redirectUrl, a.redirect_url, a.payment_page_url, a.payment_link]) {
    if (typeof candidate === "string" && /^https?:\/\//.test(candidate)) return candidate;
  }
  return null;
}

function isNotFound(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Json;
  const info = typeof b.error_info === "object" && b.error_info !== null ? (b.error_info as Json) : {};
  return b.status === "NOT_FOUND" || b.status_id === 40 || info.code === "RESOURCE_NOT_FOUND";
}
