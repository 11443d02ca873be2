import { formatINR } from "../money/format";
import type { OrderEvent, OrderFacts } from "./texts";

/**
 * The customer's order emails (issue 57): a subject, a plain text and an HTML version of each,
 * in the store's look (its logo and colour), one column that reads on a phone. Every value is
 * escaped where it goes into HTML. Transactional: they carry no List-Unsubscribe.
 */

export interface EmailLook {
  /** An absolute https or http address of the store's logo, or "" for the name alone. */
  logoUrl: string;
  /** "#1a7f37". */
  primaryColor: string;
  /** The store's account page, absolute: "https://shop.in/account". */
  accountUrl: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Each event's subject and lines; the lines are plain text, escaped for the HTML version. */
function wording(event: OrderEvent, f: OrderFacts): { subject: string; heading: string; lines: string[] } {
  const order = `order ${f.orderNumber}`;
  switch (event) {
    case "placed":
      return {
        subject: `Your ${order} is placed`,
        heading: "Thank you for your order",
        lines: [
          `Your ${order} of ${formatINR(f.grandTotal)} is placed, ${f.paymentMethod === "COD" ? "to be paid in cash on delivery" : "paid online"}.`,
          "We will tell you when it is confirmed.",
        ],
      };
    case "confirmed":
      return {
        subject: `Your ${order} is confirmed`,
        heading: "Your order is confirmed",
        lines: [`Your ${order} is confirmed and being packed.`],
      };
    case "shipped":
      return {
        subject: `Your ${order} is on its way`,
        heading: "Your order is on its way",
        lines: [
          `Your ${order} is on its way with ${f.courier || "our delivery team"}.`,
          ...(f.trackingNumber ? [`Tracking number: ${f.trackingNumber}.`] : []),
        ],
      };
    case "delivered":
      return {
        subject: `Your ${order} is delivered`,
        heading: "Your order is delivered",
        lines: [`Your ${order} is delivered. Thank you for buying from us.`],
      };
    case "cancelled":
      return {
        subject: `Your ${order} is cancelled`,
        heading: "Your order is cancelled",
        lines: [`Your ${order} is cancelled.`, "Anything you paid online is refunded."],
      };
    case "refunded":
      return {
        subject: `${formatINR(f.refundAmount ?? 0)} refunded for your ${order}`,
        heading: "Your refund is on its way",
        lines: [
          `${formatINR(f.refundAmount ?? 0)} is refunded for your ${order}.`,
          "Banks take up to 7 working days to show it in your account.",
        ],
      };
  }
}

export function orderEmail(event: OrderEvent, facts: OrderFacts, look: EmailLook): EmailContent {
  const { subject, heading, lines } = wording(event, facts);
  const store = facts.storeName;
  const text = [
    heading,
    "",
    ...lines,
    "",
    `See your orders: ${look.accountUrl}`,
    "",
    store,
    "This email is about an order you placed.",
  ].join("\n");
  const colour = /^#[0-9a-f]{6}$/i.test(look.primaryColor) ? look.primaryColor : "#1a7f37";
  const logo = /^https?:\/\//.test(look.logoUrl)
    ? `<img src="${escapeHtml(look.logoUrl)}" alt="${escapeHtml(store)}" height="40" style="height:40px;max-width:200px">`
    : `<strong style="font-size:20px">${escapeHtml(store)}</strong>`;
  const paragraphs = lines
    .map((line) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`)
    .join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d1d1b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;border-bottom:4px solid ${colour}">${logo}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${paragraphs}
<p style="margin:24px 0 0"><a href="${escapeHtml(look.accountUrl)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">See your orders</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:13px;color:#4a4f57">${escapeHtml(store)}. This email is about an order you placed.</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: `${subject} · ${store}`, text, html };
}
