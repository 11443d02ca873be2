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

/** A brand colour as an email may use it: "#rrggbb", else Mandi's green. */
export function emailColour(value: string): string {
  return /^#[0-9a-f]{6}$/i.test(value) ? value : "#1a7f37";
}

/** A paragraph of plain text in an email. */
export const emailParagraph = (line: string, size = 16) =>
  `<p style="margin:0 0 12px;font-size:${size}px;line-height:1.5">${escapeHtml(line)}</p>`;

/** A titled group of plain lines in an email: the customer, the items, the amounts. */
export const emailBlock = (title: string, rows: string[]) =>
  `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(title)}</h2>${rows.map((row) => emailParagraph(row, 15)).join("")}`;

/** A button-like link in an email: the one thing the reader is asked to do. */
export const emailButton = (href: string, label: string, colour: string) =>
  `<p style="margin:24px 0 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * Every email's frame: one column at most 560 px wide on a grey page, the store's mark on a
 * band of its colour, the heading, the body (HTML, its values already escaped), and a footer line.
 * Tables and inline styles, because that is what mail programs draw alike.
 */
export function emailPage(page: {
  title: string;
  colour: string;
  /** The store's logo or name, as HTML. */
  mark: string;
  heading: string;
  body: string;
  footer?: string;
}): string {
  const footer = page.footer
    ? `\n<tr><td style="padding:16px 24px;font-size:13px;color:#4a4f57">${escapeHtml(page.footer)}</td></tr>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d1d1b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;border-bottom:4px solid ${page.colour}">${page.mark}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(page.heading)}</h1>
${page.body}
</td></tr>${footer}
</table></td></tr></table></body></html>`;
}

/** The store's name as its mark, when it has no logo. */
export const storeMark = (storeName: string) => `<strong style="font-size:20px">${escapeHtml(storeName)}</strong>`;

/** The store's logo when it has one at an absolute address, else its name. */
export function brandMark(storeName: string, logoUrl: string): string {
  return /^https?:\/\//.test(logoUrl)
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(storeName)}" height="40" style="height:40px;max-width:200px">`
    : storeMark(storeName);
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
    case "invoiced":
      return {
        subject: `Tax invoice ${f.invoiceNumber ?? ""} for your ${order}`,
        heading: "Your tax invoice",
        lines: [
          `The tax invoice ${f.invoiceNumber ?? ""} for your ${order} is attached, as a PDF.`,
          "You can download it again from the order in your account.",
        ],
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
  const colour = emailColour(look.primaryColor);
  const mark = brandMark(store, look.logoUrl);
  const html = emailPage({
    title: subject,
    colour,
    mark,
    heading,
    body: lines.map((line) => emailParagraph(line)).join("") + emailButton(look.accountUrl, "See your orders", colour),
    footer: `${store}. This email is about an order you placed.`,
  });
  return { subject: `${subject} · ${store}`, text, html };
}
