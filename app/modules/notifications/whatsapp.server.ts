import type { Env } from "../../env.server";
import { callSmsProvider, type Fetch, SmsError } from "../accounts/sms.server";
import type { OrderSms, OrderSmsSender, SendResult } from "./sms-senders.server";
import { MESSAGE_EVENTS, type MessageEvent } from "./texts";

/**
 * Order messages on WhatsApp (issue 57), through Meta's WhatsApp Business Cloud API: a message
 * a business starts must be an approved template, so each event is a template registered with
 * Meta (WHATSAPP_TEMPLATES names them; "mandi_order_placed" and so on when unset) whose body
 * has the SMS template's text with {{1}}, {{2}}... where its values go, and the values are the
 * SMS's. Only customers who turned WhatsApp on in their account are sent one
 * (order-messages.server.ts asks).
 *
 * POST {WHATSAPP_API_BASE_URL}/{phone number id}/messages with the access token as a bearer.
 * A refusal that a retry cannot mend (a 4xx other than 429: no such template, a number not on
 * WhatsApp) is recorded as not sent; an outage or a rate limit throws, so the job is tried again.
 */

export class WhatsAppOrderMessages implements OrderSmsSender {
  readonly name = "whatsapp";
  constructor(
    private readonly config: {
      baseUrl: string;
      phoneNumberId: string;
      token: string;
      templates: Partial<Record<MessageEvent, string>>;
      language: string;
      fetch?: Fetch;
    },
  ) {}

  async send(message: OrderSms): Promise<SendResult> {
    const template = this.config.templates[message.event] ?? `mandi_order_${message.event}`;
    const base = this.config.baseUrl.endsWith("/") ? this.config.baseUrl : `${this.config.baseUrl}/`;
    const url = new URL(`${encodeURIComponent(this.config.phoneNumberId)}/messages`, base);
    const { status, body } = await callSmsProvider(this.config.fetch ?? fetch, url.href, {
      method: "POST",
      headers: { authorization: `Bearer ${this.config.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: `91${message.phone}`,
        type: "template",
        template: {
          name: template,
          language: { code: this.config.language },
          components: [{ type: "body", parameters: message.values.map((text) => ({ type: "text", text })) }],
        },
      }),
    });
    if (status >= 200 && status < 300) {
      const messages = (body as { messages?: Array<{ id?: unknown }> } | null)?.messages;
      const id = messages?.[0]?.id;
      return { sent: true, reference: typeof id === "string" ? id : null };
    }
    const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
    const reason = `WhatsApp refused the message (HTTP ${status}${error?.code ? `, code ${String(error.code)}` : ""}): ${String(error?.message ?? "no reason given")}`;
    if (status >= 400 && status < 500 && status !== 429) return { sent: false, reason };
    throw new SmsError(reason);
  }
}

/** Reads WHATSAPP_TEMPLATES ("placed=order_placed_v2, shipped=..."): the template name of each event. */
export function readTemplateNames(value: string | undefined): Partial<Record<MessageEvent, string>> {
  const names: Partial<Record<MessageEvent, string>> = {};
  for (const pair of (value ?? "").split(",")) {
    const [event, name] = pair.split("=").map((part) => part.trim());
    if (event && name && (MESSAGE_EVENTS as readonly string[]).includes(event)) names[event as MessageEvent] = name;
  }
  return names;
}

/** The WhatsApp sender when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, else none. */
export function whatsAppSender(env: Env): WhatsAppOrderMessages | null {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return null;
  return new WhatsAppOrderMessages({
    baseUrl: env.WHATSAPP_API_BASE_URL,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    token: env.WHATSAPP_TOKEN,
    templates: readTemplateNames(env.WHATSAPP_TEMPLATES),
    language: env.WHATSAPP_LANGUAGE,
  });
}

/** The text to register with Meta for `event`: the SMS template with {{1}}, {{2}}... for its values. */
export function whatsAppTemplateText(smsTemplate: string): string {
  let index = 0;
  return smsTemplate.replace(/\{#var#\}/g, () => `{{${++index}}}`);
}
