import { indianDate, isCalendarDate, startOfIndianDay } from "../india/dates";
import type { Paise } from "../money/types";

/**
 * Requests for a quote (issue 59), as rules: when a cart may ask for one, what an answered
 * quote comes to, where a quote stands, and reading the staff's answer as they type it. Money is
 * integer paise; a quoted line is its unit price times its quantity, exactly, and the total is
 * the lines and the delivery charge (no coupon, no other shipping: the answer is the price).
 */

export const QUOTE_MESSAGES = {
  notOffered:
    "This cart can be ordered as it is: a quote is for a pincode we do not deliver to yet, or a larger order.",
  requested: "Quote requested",
  notFound: "This quote is not in this store, or its link is not complete.",
  notAnswered: "The shop has not answered this quote yet.",
  expired: "This quote has expired. Please ask for a new one.",
  accepted: "This quote is already accepted.",
  declined: "This quote was declined.",
  unavailable: (names: string) =>
    `${names} can no longer be supplied as quoted. Please contact the shop or ask for a new quote.`,
  staleAnswer: "Someone changed this quote while you were answering it. Here it is as it is now.",
} as const;

export type QuoteReason = "not-serviceable" | "large-order";
export type QuoteStatus = "requested" | "answered" | "accepted" | "declined";
/** Where a quote stands for the customer and the staff: an answered quote past its expiry is expired. */
export type QuoteState = QuoteStatus | "expired";

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: "Waiting for the shop",
  answered: "Answered",
  expired: "Expired",
  accepted: "Accepted",
  declined: "Declined",
};

/** The console's lists of quotes: waiting for an answer, answered and still open, and the rest. */
export const QUOTE_FILTERS = ["open", "answered", "expired", "accepted", "declined", "all"] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number];

/**
 * Why this cart may be sent as a quote request, or null when it may not: a pincode the store
 * does not deliver to, or a subtotal at or above the store's amount (0 turns that off).
 */
export function quoteReason(cart: {
  pincodeStatus: "servicable" | "not-servicable" | "pending";
  subtotal: Paise;
  quoteAbove: Paise;
}): QuoteReason | null {
  if (cart.pincodeStatus === "not-servicable") return "not-serviceable";
  if (cart.quoteAbove > 0 && cart.subtotal >= cart.quoteAbove) return "large-order";
  return null;
}

export interface QuotedTotals {
  lines: { unitPrice: Paise; total: Paise }[];
  subtotal: Paise;
  delivery: Paise;
  grandTotal: Paise;
}

/** An answer's totals: each line its unit price times its quantity, then the delivery charge. */
export function quoteTotals(
  lines: readonly { qty: number }[],
  answer: { unitPrices: readonly Paise[]; delivery: Paise },
): QuotedTotals {
  if (answer.unitPrices.length !== lines.length) throw new Error("an answer prices every line of its quote");
  const priced = lines.map((line, index) => {
    const unitPrice = answer.unitPrices[index] ?? 0;
    return { unitPrice, total: unitPrice * line.qty };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  return { lines: priced, subtotal, delivery: answer.delivery, grandTotal: subtotal + answer.delivery };
}

export function quoteState(quote: { status: QuoteStatus; expiresAt: Date | null }, now: Date = new Date()): QuoteState {
  if (quote.status === "answered" && quote.expiresAt && quote.expiresAt.getTime() <= now.getTime()) return "expired";
  return quote.status;
}

/** Letters and digits that cannot be misread on the phone (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "Q-7K3M9P" from six random bytes. */
export function quoteReference(random: Uint8Array): string {
  let text = "";
  for (let index = 0; index < 6; index++) text += REFERENCE_ALPHABET[(random[index] ?? 0) % REFERENCE_ALPHABET.length];
  return `Q-${text}`;
}

/** The longest an answer may stay open, in days. */
export const MAX_QUOTE_DAYS = 90;
export const MAX_QUOTE_MESSAGE = 1000;

export interface QuoteAnswerInput {
  unitPrices: Paise[];
  delivery: Paise;
  /** The instant the quote stops being acceptable: the end of the day given, in India. */
  expiresAt: Date;
  message: string;
}

/** A rupee amount as staff type it ("₹ 1,250.50"), in paise; null when it is not one. */
function rupees(typed: string, allowZero: boolean): Paise | null {
  const text = typed.replace(/[₹,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const value = Math.round(Number(text) * 100);
  return value > 0 || (allowZero && value === 0) ? value : null;
}

/**
 * The staff's answer as typed: a price for each line (`price-0`, `price-1`...), the delivery
 * charge (empty is free), the last day it may be accepted (today to 90 days on, in India) and a
 * message. Every mistake is named at its field at once; nothing is saved until all are right.
 */
export function readQuoteAnswer(
  fields: Record<string, string>,
  lineCount: number,
  now: Date = new Date(),
): { ok: true; answer: QuoteAnswerInput } | { ok: false; fields: Record<string, string> } {
  const problems: Record<string, string> = {};
  const unitPrices: Paise[] = [];
  for (let index = 0; index < lineCount; index++) {
    const price = rupees(fields[`price-${index}`] ?? "", false);
    if (price === null) problems[`price-${index}`] = "Enter the price of one unit in rupees, like 240 or 239.50.";
    else unitPrices.push(price);
  }
  const deliveryText = (fields.delivery ?? "").trim();
  const delivery = deliveryText === "" ? 0 : rupees(deliveryText, true);
  if (delivery === null) problems.delivery = "Enter the delivery charge in rupees, or 0 for free delivery.";
  const day = (fields.expires ?? "").trim();
  const today = indianDate(now);
  const last = indianDate(new Date(now.getTime() + MAX_QUOTE_DAYS * 24 * 60 * 60 * 1000));
  if (!isCalendarDate(day)) problems.expires = "Enter the last day it may be accepted, like 2026-12-31.";
  else if (day < today || day > last) problems.expires = `Choose a day from ${today} to ${last}.`;
  const message = (fields.message ?? "").trim();
  if (message.length > MAX_QUOTE_MESSAGE)
    problems.message = `Keep the message under ${MAX_QUOTE_MESSAGE + 1} characters.`;
  if (Object.keys(problems).length > 0 || delivery === null) return { ok: false, fields: problems };
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return { ok: true, answer: { unitPrices, delivery, expiresAt: startOfIndianDay(nextDay), message } };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant's day in India, as people write it: "7 Dec 2026". */
export function dayText(at: Date): string {
  const [year, month, day] = indianDate(at).split("-");
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** The last day a quote may be accepted: the day before the instant it expires (midnight in India). */
export function lastDayText(expiresAt: Date): string {
  return dayText(new Date(expiresAt.getTime() - 1));
}
