import { Form, Link, useNavigation } from "react-router";
import { STOCK_REASONS, type StockReason } from "../../modules/console/stock-reasons";
import { formatINR } from "../../modules/money/format";
import { CSRF_FIELD } from "../../modules/security/csrf";

/**
 * The order page's records (issue 54): staff notes with the form for another, the payment
 * attempts, the stock ledger's rows, the audit log, the history of events, and the customer's
 * other orders. Read-only but for the note.
 */

export const when = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export function NotesSection({
  notes,
  csrf,
}: {
  notes: Array<{ id: string; at: string; who: string; body: string }>;
  csrf: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="order-notes">
      <h2 id="order-notes">Staff notes</h2>
      {notes.length === 0 ? <p className="muted">No notes yet. Customers never see them.</p> : null}
      <ol className="console-history">
        {notes.map((n) => (
          <li key={n.id}>
            <time dateTime={n.at}>{when.format(new Date(n.at))}</time> <span className="muted">{n.who}:</span>{" "}
            <span className="note-body">{n.body}</span>
          </li>
        ))}
      </ol>
      <Form method="post" className="console-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note-body">Note for the team</label>
        <textarea id="note-body" name="body" rows={2} maxLength={1000} required />
        <button type="submit" className="button secondary" disabled={busy}>
          Add note
        </button>
      </Form>
    </section>
  );
}

export function AttemptsSection({
  attempts,
}: {
  attempts: Array<{
    id: string;
    attempt: number;
    gateway: string;
    gatewayOrderId: string;
    amount: number;
    status: string;
    error: string | null;
    at: string;
  }>;
}) {
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="order-attempts">
      <h2 id="order-attempts">Payment attempts</h2>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">Started</th>
              <th scope="col">Gateway order</th>
              <th scope="col">Amount</th>
              <th scope="col">Gateway status</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((t) => (
              <tr key={t.id}>
                <td data-label="Attempt">{t.attempt}</td>
                <td data-label="Started">{when.format(new Date(t.at))}</td>
                <td data-label="Gateway order">
                  {t.gateway} · {t.gatewayOrderId}
                </td>
                <td data-label="Amount">{formatINR(t.amount)}</td>
                <td data-label="Gateway status">
                  {t.status}
                  {t.error ? <span className="muted"> · {t.error}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function MovementsSection({
  movements,
}: {
  movements: Array<{
    id: string;
    at: string;
    productName: string;
    size: string | null;
    change: number;
    reason: string;
    note: string;
    who: string | null;
  }>;
}) {
  if (movements.length === 0) return null;
  return (
    <section aria-labelledby="order-stock">
      <h2 id="order-stock">Stock ledger</h2>
      <ol className="console-history">
        {movements.map((m) => (
          <li key={m.id}>
            <time dateTime={m.at}>{when.format(new Date(m.at))}</time> {m.productName}
            {m.size ? ` (${m.size})` : ""}: <strong>{m.change > 0 ? `+${m.change}` : m.change}</strong>{" "}
            <span className="muted">
              {STOCK_REASONS[m.reason as StockReason] ?? m.reason}
              {m.note ? ` · ${m.note}` : ""}
              {m.who ? ` · ${m.who}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An audit entry's values as words: "status Pending → Confirmed, courier Delhivery". */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => {
      const was = before?.[key];
      const now = after?.[key];
      if (was === undefined) return `${key} ${String(now)}`;
      if (now === undefined || now === was) return `${key} ${String(was)}`;
      return `${key} ${String(was)} → ${String(now)}`;
    })
    .join(", ");
}

export function AuditSection({
  audit,
}: {
  audit: Array<{
    id: string;
    at: string;
    who: string;
    action: string;
    ip: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
}) {
  return (
    <section aria-labelledby="order-audit">
      <h2 id="order-audit">Audit log</h2>
      {audit.length === 0 ? (
        <p className="muted">No one has changed this order in the console.</p>
      ) : (
        <ol className="console-history">
          {audit.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time> {entry.who}: {entry.action}{" "}
              <span className="muted">
                ({describeChange(entry.before, entry.after)}; from {entry.ip || "an unknown address"})
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type OrderEventView = {
  id: string;
  kind: string;
  from: string | null;
  to: string | null;
  source: string;
  detail?: Record<string, unknown> | null;
  at: string;
};

/** A message to the customer (issue 57) in the order's history: which, by what, and whether it went. */
export function describeMessage(detail: Record<string, unknown> | null | undefined): string {
  const event = String(detail?.event ?? "");
  const channel = detail?.channel === "email" ? "email" : detail?.channel === "whatsapp" ? "WhatsApp" : "SMS";
  return detail?.sent
    ? `Customer told "${event}" by ${channel}`
    : `Customer not told "${event}" by ${channel}: ${String(detail?.reason ?? "not sent")}`;
}

export function EventsSection({ events }: { events: OrderEventView[] }) {
  return (
    <section aria-labelledby="order-history">
      <h2 id="order-history">History</h2>
      {events.length === 0 ? (
        <p className="muted">Placed; nothing has happened to it since.</p>
      ) : (
        <ol className="console-history">
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{when.format(new Date(e.at))}</time>{" "}
              {e.kind === "message"
                ? describeMessage(e.detail)
                : e.kind === "invoice"
                  ? `${e.detail?.creditNote ? "Credit note" : "Tax invoice"} ${String(e.detail?.number ?? "")} issued`
                  : e.kind}
              {e.from || e.to ? ` ${e.from ?? ""} → ${e.to ?? ""}` : ""} <span className="muted">({e.source})</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function OtherOrdersSection({
  orders,
  phone,
  customerId,
}: {
  orders: Array<{ id: string; orderNumber: string; createdAt: string; status: string; grandTotal: number }>;
  phone: string;
  /** The customer record the order is linked to; a guest whose phone never signed in has none. */
  customerId: string | null;
}) {
  return (
    <section aria-labelledby="order-others">
      <h2 id="order-others">The customer's other orders</h2>
      {orders.length === 0 ? (
        <p className="muted">This is the first order from +91 {phone}.</p>
      ) : (
        <ul className="console-history">
          {orders.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/orders/${o.id}`}>#{o.orderNumber}</Link> · {when.format(new Date(o.createdAt))} ·{" "}
              {o.status} · {formatINR(o.grandTotal)}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`/admin/orders?q=${phone}`}>All orders from +91 {phone}</Link>
        {customerId ? (
          <>
            {" · "}
            <Link to={`/admin/customers/${customerId}`}>The customer's page</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
