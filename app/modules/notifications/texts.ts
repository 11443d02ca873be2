import { formatINR } from "../money/format";

/**
 * The customer's messages about an order (issue 57), in one place. Each SMS is a DLT template
 * (reference/india.md): its registered text with `{#var#}` where a value goes, and the values
 * in order. Operators register these texts as they are written here, and put each template's
 * id in its setting (README, "Messages"); a message that differs from its template is dropped
 * by the network, so the text is never built any other way. A value is at most 30 characters,
 * DLT's limit for one variable, and carries no character that would change the template.
 */

export const ORDER_EVENTS = [
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "invoiced",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Every customer message with a DLT template: the order's, and "quoted" when the shop answers a quote (issue 59). */
export const MESSAGE_EVENTS = [...ORDER_EVENTS, "quoted"] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

export interface OrderFacts {
  storeName: string;
  orderNumber: string;
  /** Paise. */
  grandTotal: number;
  paymentMethod: "COD" | "ONLINE";
  courier: string | null;
  trackingNumber: string | null;
  /** Paise, for "refunded". */
  refundAmount: number | null;
  /** The tax invoice's number, for "invoiced". */
  invoiceNumber?: string | null;
  /** Where the customer sees the order: the store's account page without its scheme, "shop.in/account". */
  link: string;
}

export interface SmsTemplate {
  /** The text as registered with DLT. */
  text: string;
  values(facts: OrderFacts): string[];
}

/** SMS in GSM characters only: "Rs." for the rupee sign, which would make every message Unicode. */
export function smsAmount(paise: number): string {
  return formatINR(paise).replace("₹", "Rs.");
}

/** A value as DLT takes it: one line, no braces or hash that could read as a template's own, at most 30 characters. */
export function dltValue(value: string): string {
  const plain = value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/[{}#]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
  return plain.slice(0, 30);
}

export const SMS_TEMPLATES: Record<OrderEvent, SmsTemplate> = {
  placed: {
    text: "{#var#}: your order {#var#} of {#var#} is placed, {#var#}. We will tell you when it is confirmed. {#var#}",
    values: (f) => [
      f.storeName,
      f.orderNumber,
      smsAmount(f.grandTotal),
      f.paymentMethod === "COD" ? "cash on delivery" : "paid online",
      f.link,
    ],
  },
  confirmed: {
    text: "{#var#}: your order {#var#} is confirmed and being packed. {#var#}",
    values: (f) => [f.storeName, f.orderNumber, f.link],
  },
  shipped: {
    text: "{#var#}: your order {#var#} is on its way with {#var#}, tracking number {#var#}. {#var#}",
    values: (f) => [f.storeName, f.orderNumber, f.courier || "our delivery team", f.trackingNumber || "none", f.link],
  },
  delivered: {
    text: "{#var#}: your order {#var#} is delivered. Thank you for buying from us. {#var#}",
    values: (f) => [f.storeName, f.orderNumber, f.link],
  },
  cancelled: {
    text: "{#var#}: your order {#var#} is cancelled. Anything you paid online is refunded. {#var#}",
    values: (f) => [f.storeName, f.orderNumber, f.link],
  },
  refunded: {
    text: "{#var#}: {#var#} is refunded for your order {#var#}. Banks take up to 7 working days. {#var#}",
    values: (f) => [f.storeName, smsAmount(f.refundAmount ?? 0), f.orderNumber, f.link],
  },
  invoiced: {
    text: "{#var#}: tax invoice {#var#} for your order {#var#} is ready to download. {#var#}",
    values: (f) => [f.storeName, f.invoiceNumber ?? "", f.orderNumber, f.link],
  },
};

/** An SMS as the phone shows it: the template with its values in place. */
export function smsFor(
  event: OrderEvent,
  facts: OrderFacts,
): { template: SmsTemplate; values: string[]; text: string } {
  const template = SMS_TEMPLATES[event];
  const values = template.values(facts).map(dltValue);
  let index = 0;
  const text = template.text.replace(/\{#var#\}/g, () => values[index++] ?? "");
  return { template, values, text };
}
