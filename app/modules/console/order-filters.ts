import { startOfIndianDay } from "../india/dates";
import { ORDER_STATUSES } from "./statuses";

/**
 * The orders desk's filters as the address carries them (issue 54), read here once for the
 * list, the new-orders check and the CSV export. Anything the server does not know is dropped,
 * never passed on: a filter is a value from a fixed list, a date, a pincode or a search of at
 * most 100 characters.
 */

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "voided", "unknown"] as const;
export const PAYMENT_METHODS = ["COD", "ONLINE"] as const;

export interface OrderFilters {
  status: (typeof ORDER_STATUSES)[number] | null;
  paymentStatus: (typeof PAYMENT_STATUSES)[number] | null;
  paymentMethod: (typeof PAYMENT_METHODS)[number] | null;
  /** Days in India's time, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  pincode: string | null;
  q: string;
  /** `<ISO time>_<id>` of the last row of the page before. */
  after: string | null;
}

export const NO_FILTERS: OrderFilters = {
  status: null,
  paymentStatus: null,
  paymentMethod: null,
  from: null,
  to: null,
  pincode: null,
  q: "",
  after: null,
};

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function day(value: string | null): string | null {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

export function readFilters(params: URLSearchParams): OrderFilters {
  const after = params.get("after");
  const pincode = (params.get("pincode") ?? "").trim();
  let from = day(params.get("from"));
  let to = day(params.get("to"));
  // A range typed backwards means the days between, as a person would read it.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: oneOf(ORDER_STATUSES, params.get("status")),
    paymentStatus: oneOf(PAYMENT_STATUSES, params.get("payment")),
    paymentMethod: oneOf(PAYMENT_METHODS, params.get("method")),
    from,
    to,
    pincode: /^[1-9]\d{5}$/.test(pincode) ? pincode : null,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    after: after && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_[0-9a-f-]{36}$/.test(after) ? after : null,
  };
}

/** The filters as an address's query, without the page cursor unless asked; `changes` replace some. */
export function filterParams(filters: OrderFilters, changes: Partial<OrderFilters> = {}): URLSearchParams {
  const f = { ...filters, after: null, ...changes };
  const params = new URLSearchParams();
  if (f.status) params.set("status", f.status);
  if (f.paymentStatus) params.set("payment", f.paymentStatus);
  if (f.paymentMethod) params.set("method", f.paymentMethod);
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.pincode) params.set("pincode", f.pincode);
  if (f.q) params.set("q", f.q);
  if (f.after) params.set("after", f.after);
  return params;
}

/** Whether anything narrows the list (the status tab aside). */
export function isNarrowed(filters: OrderFilters): boolean {
  return Boolean(
    filters.paymentStatus || filters.paymentMethod || filters.from || filters.to || filters.pincode || filters.q,
  );
}

/** The instant a day begins in India (UTC+5:30, no daylight saving): "2026-12-05" -> 2026-12-04T18:30Z. */
export const indiaDayStart = startOfIndianDay;

/** The instant after a day ends in India: the next day's start. */
export function indiaDayEnd(date: string): Date {
  return new Date(indiaDayStart(date).getTime() + 24 * 3600 * 1000);
}

/** What a search looks like: an order number, a phone, an email, or a name. */
export type SearchKind =
  | { kind: "none" }
  | { kind: "number-or-name"; number: string; text: string }
  | { kind: "phone"; digits: string }
  | { kind: "email"; email: string }
  | { kind: "name"; text: string };

export function searchKind(q: string): SearchKind {
  const text = q.trim();
  if (!text) return { kind: "none" };
  if (text.includes("@")) return { kind: "email", email: text.toLowerCase() };
  const digits = text.replace(/[\s+\-()]/g, "");
  if (/^\d{4,}$/.test(digits)) {
    // +91 98200 12345, 098200 12345 and 9820012345 are one phone; fewer digits are its end.
    return { kind: "phone", digits: digits.length > 10 ? digits.slice(-10) : digits };
  }
  const number = text.replace(/^#/, "").toUpperCase();
  if (/^[0-9A-Z]{6,20}$/.test(number)) return { kind: "number-or-name", number, text };
  return { kind: "name", text };
}

/** Counts stop here: "1,000+" tells staff as much as 183,412 would, for a fraction of the reading. */
export const COUNT_CAP = 1000;

const thousands = new Intl.NumberFormat("en-IN");

/** A sum of counts of which one or more was capped: a lower bound, "2,007+". */
export function atLeastLabel(n: number): string {
  return `${thousands.format(n)}+`;
}

/** A capped count as a tab shows it: "42", "1,000+". */
export function countLabel(n: number): string {
  return n > COUNT_CAP ? `${thousands.format(COUNT_CAP)}+` : thousands.format(n);
}
