import { Form, useNavigation } from "react-router";
import { formatINR } from "../../modules/money/format";
import { CSRF_FIELD } from "../../modules/security/csrf";

interface RefundRow {
  id: string;
  requestId: string;
  amount: number;
  mode: string;
  reference: string;
  reason: string;
  status: string;
  by: string;
  at: string;
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const MODES: Record<string, string> = { gateway: "Gateway", cash: "Cash", upi: "UPI", bank: "Bank transfer" };

/**
 * An order's refunds and the form for another (issue 54): full or partial, never above what is
 * left; through the gateway for an online payment, recorded with its mode and reference for COD.
 */
export function RefundPanel({
  csrf,
  cod,
  refundable,
  refunds,
}: {
  csrf: string;
  cod: boolean;
  /** Paise still refundable; 0 when the order is not paid or is refunded in full. */
  refundable: number;
  refunds: RefundRow[];
}) {
  const busy = useNavigation().state !== "idle";
  if (refundable <= 0 && refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds">
      <h2 id="order-refunds">Refunds</h2>
      {refunds.length > 0 ? (
        <ul className="console-history">
          {refunds.map((r) => (
            <li key={r.id}>
              <time dateTime={r.at}>{when.format(new Date(r.at))}</time> {formatINR(r.amount)} by{" "}
              {MODES[r.mode] ?? r.mode}
              {r.reference ? ` (${r.reference})` : ""}: {r.status}
              <span className="muted">
                {" "}
                · {r.requestId} · {r.by}
                {r.reason ? ` · ${r.reason}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {refundable > 0 ? (
        <Form method="post" className="console-step console-step--wide">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="refund" />
          <label htmlFor="refund-amount">Amount to refund (₹), at most {formatINR(refundable)}</label>
          <input
            id="refund-amount"
            name="amount"
            inputMode="decimal"
            defaultValue={String(refundable / 100)}
            required
          />
          <label htmlFor="refund-reason">Reason (optional)</label>
          <input id="refund-reason" name="reason" maxLength={200} />
          {cod ? (
            <>
              <label htmlFor="refund-mode">Given back by</label>
              <select id="refund-mode" name="mode" defaultValue="upi">
                <option value="cash">Cash</option>
                <option value="upi">UPI</option>
                <option value="bank">Bank transfer</option>
              </select>
              <label htmlFor="refund-reference">Reference (optional)</label>
              <input id="refund-reference" name="reference" maxLength={80} />
            </>
          ) : null}
          <button type="submit" className="button secondary" disabled={busy}>
            Refund
          </button>
        </Form>
      ) : null}
    </section>
  );
}
