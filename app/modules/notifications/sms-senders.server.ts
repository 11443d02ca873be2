import type { Db } from "../../db/client.server";
import { smsOutbox } from "../../db/schema";
import type { Env } from "../../env.server";
import type { Logger } from "../../logger.server";
import { callSmsProvider, type Fetch, SmsError } from "../accounts/sms.server";
import type { MessageEvent } from "./texts";

/**
 * Sending the order messages of texts.ts by SMS, through the provider SMS_PROVIDER names
 * (issue 57). Sign-in codes go through accounts/sms.server.ts, which uses each provider's code
 * API; these are plain transactional messages:
 * - outbox (development): kept in sms_outbox, readable at /api/dev/sms-outbox and in the console;
 * - MSG91: the Flow API with the event's DLT template id (SMS_ORDER_TEMPLATE_IDS) and its values;
 * - Twilio: the Messages API through a messaging service (TWILIO_MESSAGING_SERVICE_SID), with
 *   the whole text, which Twilio matches to the template registered with it.
 * Any failure throws: the job is tried again later (ADR 0059).
 */

export interface OrderSms {
  storeId: string;
  /** Ten digits, without +91. */
  phone: string;
  event: MessageEvent;
  /** The template's values in order, and the text they make. */
  values: string[];
  text: string;
}

export type SendResult = { sent: true; reference: string | null } | { sent: false; reason: string };

export interface OrderSmsSender {
  readonly name: "outbox" | "msg91" | "twilio" | "whatsapp";
  send(message: OrderSms): Promise<SendResult>;
}

const field = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;

export class OutboxOrderSms implements OrderSmsSender {
  readonly name = "outbox";
  constructor(private readonly db: Db) {}

  async send(message: OrderSms): Promise<SendResult> {
    const [row] = await this.db
      .insert(smsOutbox)
      .values({ storeId: message.storeId, phone: message.phone, body: message.text })
      .returning({ id: smsOutbox.id });
    return { sent: true, reference: row?.id ?? null };
  }
}

/** MSG91's Flow API: POST /api/v5/flow with the authkey header, the template id and VAR1, VAR2... */
export class Msg91OrderSms implements OrderSmsSender {
  readonly name = "msg91";
  constructor(
    private readonly config: {
      baseUrl: string;
      authKey: string;
      templateIds: Partial<Record<MessageEvent, string>>;
      fetch?: Fetch;
    },
  ) {}

  async send(message: OrderSms): Promise<SendResult> {
    const templateId = this.config.templateIds[message.event];
    if (!templateId)
      return { sent: false, reason: `no DLT template id for "${message.event}" in SMS_ORDER_TEMPLATE_IDS` };
    const recipient: Record<string, string> = { mobiles: `91${message.phone}` };
    message.values.forEach((value, index) => {
      recipient[`VAR${index + 1}`] = value;
    });
    const { status, body } = await callSmsProvider(
      this.config.fetch ?? fetch,
      new URL("/api/v5/flow", this.config.baseUrl).href,
      {
        method: "POST",
        headers: { authkey: this.config.authKey, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ template_id: templateId, short_url: "0", recipients: [recipient] }),
      },
    );
    if (status !== 200 || field(body, "type") !== "success") {
      throw new SmsError(`MSG91 refused the message (HTTP ${status}): ${String(field(body, "message") ?? body)}`);
    }
    const reference = field(body, "message");
    return { sent: true, reference: typeof reference === "string" ? reference : null };
  }
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with basic auth. */
export class TwilioOrderSms implements OrderSmsSender {
  readonly name = "twilio";
  constructor(
    private readonly config: {
      baseUrl: string;
      accountSid: string;
      authToken: string;
      messagingServiceSid: string;
      fetch?: Fetch;
    },
  ) {}

  async send(message: OrderSms): Promise<SendResult> {
    const { accountSid, authToken } = this.config;
    const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, this.config.baseUrl);
    const { status, body } = await callSmsProvider(this.config.fetch ?? fetch, url.href, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        To: `+91${message.phone}`,
        MessagingServiceSid: this.config.messagingServiceSid,
        Body: message.text,
      }).toString(),
    });
    if (status !== 201 && status !== 200) {
      throw new SmsError(`Twilio refused the message (HTTP ${status}): ${String(field(body, "message") ?? body)}`);
    }
    const sid = field(body, "sid");
    return { sent: true, reference: typeof sid === "string" ? sid : null };
  }
}

/** Reads SMS_ORDER_TEMPLATE_IDS ("placed=1207..., confirmed=1207..."): the DLT template id of each event. */
export function readTemplateIds(value: string | undefined): Partial<Record<MessageEvent, string>> {
  const ids: Partial<Record<MessageEvent, string>> = {};
  for (const pair of (value ?? "").split(",")) {
    const [event, id] = pair.split("=").map((part) => part.trim());
    if (event && id) ids[event as MessageEvent] = id;
  }
  return ids;
}

export function orderSmsSender(deps: { db: Db; env: Env; log: Logger }): OrderSmsSender | null {
  const { env } = deps;
  if (env.SMS_PROVIDER === "msg91") {
    return new Msg91OrderSms({
      baseUrl: env.MSG91_BASE_URL,
      authKey: env.MSG91_AUTH_KEY ?? "",
      templateIds: readTemplateIds(env.SMS_ORDER_TEMPLATE_IDS),
    });
  }
  if (env.SMS_PROVIDER === "twilio") {
    if (!env.TWILIO_MESSAGING_SERVICE_SID) {
      deps.log.warn("order messages go by SMS only with TWILIO_MESSAGING_SERVICE_SID set");
      return null;
    }
    return new TwilioOrderSms({
      baseUrl: env.TWILIO_API_BASE_URL,
      accountSid: env.TWILIO_ACCOUNT_SID ?? "",
      authToken: env.TWILIO_AUTH_TOKEN ?? "",
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    });
  }
  return new OutboxOrderSms(deps.db);
}
