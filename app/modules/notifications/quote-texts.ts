import type { AddressSnapshot } from "../../db/json-columns";
import { formatINR } from "../money/format";
import {
  brandMark,
  type EmailContent,
  type EmailLook,
  emailBlock,
  emailButton,
  emailColour,
  emailPage,
  emailParagraph,
  storeMark,
} from "./email-texts";
import { dltValue, smsAmount } from "./texts";

/**
 * What is said of a request for a quote (issue 59): to the shop when one arrives (its order
 * address and webhook, as for a new order), and to the customer when the shop answers.
 */

export interface ShopQuote {
  id: string;
  storeSlug: string;
  storeName: string;
  reference: string;
  reason: "not-serviceable" | "large-order";
  phone: string;
  email: string | null;
  address: AddressSnapshot;
  note: string;
  lines: Array<{ name: string; sku: string | null; size: string | null; qty: number; listUnitPrice: number }>;
  requestedAt: string;
  /** The quote in the console, absolute. */
  consoleUrl: string;
}

const REASONS: Record<ShopQuote["reason"], string> = {
  "not-serviceable": "their pincode is not in your delivery list",
  "large-order": "it is a large order",
};

const askedBy = (quote: ShopQuote) =>
  [quote.address.firstName, quote.address.lastName].filter(Boolean).join(" ") || "A customer";

/** The email to the store's order address: who asks, for what, delivered where, and a link to answer. */
export function shopQuoteEmail(quote: ShopQuote, primaryColor: string): EmailContent {
  const subject = `Quote requested ${quote.reference}: ${quote.lines.length} ${quote.lines.length === 1 ? "item" : "items"}, pincode ${quote.address.pin}`;
  const heading = `Quote requested ${quote.reference}`;
  const intro = `${askedBy(quote)} asks for a quote because ${REASONS[quote.reason]}. Answer it with your prices, delivery charge and how long they hold.`;
  const a = quote.address;
  const contact = [
    `Phone ${quote.phone}`,
    ...(quote.email ? [`Email ${quote.email}`] : []),
    [a.companyName, a.gstNumber && `GSTIN ${a.gstNumber}`].filter(Boolean).join(", "),
    [a.address, a.apartment, a.landmark].filter(Boolean).join(", "),
    `${a.city}, ${a.state} ${a.pin}`,
  ].filter(Boolean);
  const items = quote.lines.map(
    (line) =>
      `${line.qty} × ${line.name}${line.size ? ` (${line.size})` : ""}${line.sku ? ` [${line.sku}]` : ""}: listed at ${formatINR(line.listUnitPrice)} each`,
  );
  const note = quote.note ? [`Their note: ${quote.note}`] : [];
  const text = [
    heading,
    "",
    intro,
    "",
    askedBy(quote),
    ...contact,
    "",
    ...items,
    ...note,
    "",
    `Answer it: ${quote.consoleUrl}`,
  ].join("\n");
  const colour = emailColour(primaryColor);
  const html = emailPage({
    title: subject,
    colour,
    mark: storeMark(quote.storeName),
    heading,
    body: [
      emailParagraph(intro, 15),
      emailBlock(askedBy(quote), contact),
      emailBlock("Items", [...items, ...note]),
      emailButton(quote.consoleUrl, "Answer the quote", colour),
    ].join("\n"),
  });
  return { subject, text, html };
}

/** The webhook's body for a quote request (Standard Webhooks' shape); amounts in paise. */
export function quoteWebhookBody(quote: ShopQuote, at: Date): string {
  const { storeName: _name, storeSlug, ...rest } = quote;
  return JSON.stringify({
    type: "quote.requested",
    timestamp: at.toISOString(),
    data: { store: storeSlug, quote: { ...rest, currency: "INR" } },
  });
}

export interface AnsweredQuoteFacts {
  storeName: string;
  reference: string;
  /** Paise: the quoted lines and delivery. */
  grandTotal: number;
  /** The last day it may be accepted, "31 Dec 2026". */
  lastDay: string;
  /** Where the customer opens it without signing in: the quote's own link, absolute. */
  quoteUrl: string;
  /** The store's account page without its scheme, for an SMS: "shop.in/account". */
  accountLink: string;
}

/** The DLT template of the "answered" SMS: the quote in the account, where a signed-in phone sees its quotes. */
export const QUOTED_SMS = {
  text: "{#var#}: your quote {#var#} is ready, {#var#} in all, valid till {#var#}. See it and order at {#var#}",
  values: (f: AnsweredQuoteFacts) => [f.storeName, f.reference, smsAmount(f.grandTotal), f.lastDay, f.accountLink],
};

/** The "answered" SMS with its values in place, as the phone shows it. */
export function quotedSms(facts: AnsweredQuoteFacts): { values: string[]; text: string } {
  const values = QUOTED_SMS.values(facts).map(dltValue);
  let index = 0;
  return { values, text: QUOTED_SMS.text.replace(/\{#var#\}/g, () => values[index++] ?? "") };
}

export function quotedEmail(facts: AnsweredQuoteFacts, look: EmailLook): EmailContent {
  const subject = `${facts.storeName}: your quote ${facts.reference} is ready`;
  const heading = "Your quote is ready";
  const lines = [
    `${facts.storeName} answered your request ${facts.reference}: ${formatINR(facts.grandTotal)} in all, with delivery.`,
    `The prices hold until the end of ${facts.lastDay}. Open the quote to see each line, then accept it to place the order, or decline it.`,
  ];
  const colour = emailColour(look.primaryColor);
  const text = [heading, "", ...lines, "", `Open the quote: ${facts.quoteUrl}`].join("\n");
  const html = emailPage({
    title: subject,
    colour,
    mark: brandMark(facts.storeName, look.logoUrl),
    heading,
    body: [...lines.map((line) => emailParagraph(line)), emailButton(facts.quoteUrl, "Open the quote", colour)].join(
      "\n",
    ),
  });
  return { subject, text, html };
}
