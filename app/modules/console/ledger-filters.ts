import { STOCK_REASONS, type StockReason } from "./stock-reasons";

/** The stock ledger's filters as the address carries them (issue 56); what the server does not know is dropped. */

export const LEDGER_PAGE = 50;

export interface LedgerFilters {
  q: string;
  reason: StockReason | null;
  /** Days in India, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  page: number;
}

function day(value: string | null): string | null {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

export function readLedgerFilters(params: URLSearchParams): LedgerFilters {
  const reason = params.get("reason");
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    reason: reason && reason in STOCK_REASONS ? (reason as StockReason) : null,
    from: day(params.get("from")),
    to: day(params.get("to")),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The ledger's address with these filters, at a page. */
export function ledgerAddress(filters: LedgerFilters, page: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.reason) params.set("reason", filters.reason);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/stock${query ? `?${query}` : ""}`;
}
