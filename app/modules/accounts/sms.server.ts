import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { smsOutbox } from "../../db/schema";
import type { Env } from "../../env.server";
import type { Logger } from "../../logger.server";

/**
 * Sending sign-in codes by SMS (reference/india.md), chosen by SMS_PROVIDER:
 * - outbox (development only): logs the code and keeps the message in sms_outbox;
 * - MSG91: Mandi makes the code and MSG91 sends it through the DLT template;
 * - Twilio Verify: Twilio makes, sends and checks the code.
 */

export interface SmsMessage {
  storeId: string;
  storeName: string;
  /** Ten digits, without +91. */
  phone: string;
  /** The code, when Mandi makes it; null when the provider makes its own. */
  code: string | null;
  /** What the code is for: signing in (when absent), or confirming a cash-on-delivery order. */
  order?: { orderNumber: string; amount: string };
}

export interface SmsProvider {
  readonly name: "outbox" | "msg91" | "twilio";
  /** True when the provider makes and checks the code itself. */
  readonly ownsCode: boolean;
  send(message: SmsMessage): Promise<void>;
  /** The provider's own check of a code (only when ownsCode). */
  check?(phone: string, code: string): Promise<boolean>;
}

export class SmsError extends Error {
  override name = "SmsError";
}

export function otpText(storeName: string, code: string): string {
  return `${code} is your ${storeName} sign-in code. It expires in 10 minutes. Do not share it with anyone.`;
}

/** The message that confirms a cash-on-delivery order (issue 53). */
export function orderCodeText(storeName: string, code: string, order: { orderNumber: string; amount: string }): string {
  return `${code} is your code to confirm ${storeName} order ${order.orderNumber} of ${order.amount}, cash on delivery. Do not share it with anyone.`;
}

export class OutboxSms implements SmsProvider {
  readonly name = "outbox";
  readonly ownsCode = false;
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    if (!message.code) throw new SmsError("the outbox needs a code");
    const body = message.order
      ? orderCodeText(message.storeName, message.code, message.order)
      : otpText(message.storeName, message.code);
    await this.db.insert(smsOutbox).values({ storeId: message.storeId, phone: message.phone, body });
    // Development only (refused on a public store). The log says where the code is, never the
    // code itself: logs travel further than this machine (issue 61).
    this.log.info(message.order ? "order code (SMS outbox)" : "sign-in code (SMS outbox)", {
      phone: message.phone,
      readAt: "/api/dev/sms-outbox?phone=<the phone>, or the console's Messages page",
    });
  }
}

/** The last messages the outbox "sent" to a phone of a store, newest first (GET /api/dev/sms-outbox). */
export function recentOutboxMessages(
  db: Db,
  storeId: string,
  phone: string,
  limit = 5,
): Promise<{ body: string; createdAt: Date }[]> {
  return db
    .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.storeId, storeId), eq(smsOutbox.phone, phone)))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(limit);
}

/** The outbox's last messages for a whole store, newest first, for the console's Messages page. */
export function storeOutboxMessages(
  db: Db,
  storeId: string,
  limit = 100,
): Promise<{ id: string; phone: string; body: string; createdAt: Date }[]> {
  return db
    .select({ id: smsOutbox.id, phone: smsOutbox.phone, body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.storeId, storeId))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(limit);
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** One call to an SMS provider's HTTP API, with a 10 s limit; its body parsed when it is JSON. */
export async function callSmsProvider(
  fetcher: Fetch,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new SmsError(`SMS provider unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

/** MSG91's OTP API: POST /api/v5/otp?template_id=&mobile=91XXXXXXXXXX&otp= with the authkey header. */
export class Msg91Sms implements SmsProvider {
  readonly name = "msg91";
  readonly ownsCode = false;
  constructor(private readonly config: { baseUrl: string; authKey: string; templateId: string; fetch?: Fetch }) {}

  async send(message: SmsMessage): Promise<void> {
    if (!message.code) throw new SmsError("MSG91 sends Mandi's code");
    const url = new URL("/api/v5/otp", this.config.baseUrl);
    url.searchParams.set("template_id", this.config.templateId);
    url.searchParams.set("mobile", `91${message.phone}`);
    url.searchParams.set("otp", message.code);
    url.searchParams.set("otp_expiry", "10");
    const { status, body } = await callSmsProvider(this.config.fetch ?? fetch, url.toString(), {
      method: "POST",
      headers: { authkey: this.config.authKey, accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ store: message.storeName }),
    });
    const type = typeof body === "object" && body !== null ? (body as { type?: unknown }).type : undefined;
    if (status !== 200 || type !== "success") {
      const reason = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : body;
      throw new SmsError(`MSG91 refused the message (HTTP ${status}): ${String(reason)}`);
    }
  }
}

/** Twilio Verify: POST /v2/Services/{sid}/Verifications and /VerificationCheck with basic auth. */
export class TwilioVerifySms implements SmsProvider {
  readonly name = "twilio";
  readonly ownsCode = true;
  constructor(
    private readonly config: {
      baseUrl: string;
      accountSid: string;
      authToken: string;
      serviceSid: string;
      fetch?: Fetch;
    },
  ) {}

  private async post(path: string, form: Record<string, string>) {
    const url = new URL(`/v2/Services/${encodeURIComponent(this.config.serviceSid)}/${path}`, this.config.baseUrl);
    return callSmsProvider(this.config.fetch ?? fetch, url.toString(), {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  async send(message: SmsMessage): Promise<void> {
    const { status, body } = await this.post("Verifications", { To: `+91${message.phone}`, Channel: "sms" });
    if (status !== 201 && status !== 200) {
      throw new SmsError(`Twilio Verify refused the message (HTTP ${status}): ${JSON.stringify(body)}`);
    }
  }

  async check(phone: string, code: string): Promise<boolean> {
    const { status, body } = await this.post("VerificationCheck", { To: `+91${phone}`, Code: code });
    // 404: no pending verification (expired, used up or approved already).
    if (status === 404) return false;
    if (status !== 200) throw new SmsError(`Twilio Verify check failed (HTTP ${status})`);
    return typeof body === "object" && body !== null && (body as { status?: unknown }).status === "approved";
  }
}

export function smsProvider(deps: { db: Db; env: Env; log: Logger }): SmsProvider {
  const { env } = deps;
  if (env.SMS_PROVIDER === "msg91") {
    return new Msg91Sms({
      baseUrl: env.MSG91_BASE_URL,
      authKey: env.MSG91_AUTH_KEY ?? "",
      templateId: env.MSG91_TEMPLATE_ID ?? "",
    });
  }
  if (env.SMS_PROVIDER === "twilio") {
    return new TwilioVerifySms({
      baseUrl: env.TWILIO_VERIFY_BASE_URL,
      accountSid: env.TWILIO_ACCOUNT_SID ?? "",
      authToken: env.TWILIO_AUTH_TOKEN ?? "",
      serviceSid: env.TWILIO_VERIFY_SERVICE_SID ?? "",
    });
  }
  return new OutboxSms(deps.db, deps.log);
}
