import { Form, useNavigation } from "react-router";
import { type NextStatus, STEP_LABELS } from "../../modules/console/transitions";
import { formatINR } from "../../modules/money/format";
import { CSRF_FIELD } from "../../modules/security/csrf";

/**
 * The order page's next steps (issue 54): one form a step, each carrying the status the page
 * shows, so the server can tell a stale page; shipping asks for the courier and tracking number,
 * and a delivered COD order for the cash collected. Plain forms, usable by keyboard and without
 * scripts.
 */
export function OrderSteps({
  status,
  next,
  csrf,
  cash,
  paidOnline,
}: {
  status: string;
  next: NextStatus[];
  csrf: string;
  /** Offered on a delivered COD order not yet paid: the amount to expect. */
  cash: { amount: number } | null;
  /** A paid online order's refundable amount: it is cancelled only together with its refund. */
  paidOnline: number | null;
}) {
  const busy = useNavigation().state !== "idle";
  if (next.length === 0 && !cash) return null;
  return (
    <section aria-labelledby="order-steps" className="console-steps">
      <h2 id="order-steps">Next steps</h2>
      <div className="console-steps__row">
        {next.map((to) =>
          to === "Shipped" ? (
            <Form method="post" key={to} className="console-step console-step--wide">
              <Hidden csrf={csrf} status={status} to={to} />
              <label htmlFor="ship-courier">Courier or vehicle (optional)</label>
              <input id="ship-courier" name="courier" maxLength={80} />
              <label htmlFor="ship-tracking">Tracking number (optional)</label>
              <input id="ship-tracking" name="trackingNumber" maxLength={80} />
              <button type="submit" className="button" disabled={busy}>
                {STEP_LABELS[to]}
              </button>
            </Form>
          ) : to === "Cancelled" && paidOnline !== null ? (
            <Form method="post" key={to} className="console-step">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <input type="hidden" name="intent" value="cancel-refund" />
              <input type="hidden" name="seen" value={status} />
              <button type="submit" className="button danger" disabled={busy}>
                Cancel and refund {formatINR(paidOnline)}
              </button>
            </Form>
          ) : (
            <Form method="post" key={to} className="console-step">
              <Hidden csrf={csrf} status={status} to={to} />
              <button type="submit" className={to === "Cancelled" ? "button danger" : "button"} disabled={busy}>
                {STEP_LABELS[to]}
              </button>
            </Form>
          ),
        )}
        {cash ? (
          <Form method="post" className="console-step console-step--wide">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="intent" value="cash" />
            <label htmlFor="cash-amount">Amount collected (₹)</label>
            <input
              id="cash-amount"
              name="amount"
              inputMode="decimal"
              defaultValue={String(cash.amount / 100)}
              required
            />
            <fieldset>
              <legend>Paid by</legend>
              <label>
                <input type="radio" name="mode" value="cash" defaultChecked /> Cash
              </label>
              <label>
                <input type="radio" name="mode" value="upi" /> UPI
              </label>
            </fieldset>
            <button type="submit" className="button" disabled={busy}>
              Cash collected
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function Hidden({ csrf, status, to }: { csrf: string; status: string; to: NextStatus }) {
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="seen" value={status} />
      <input type="hidden" name="to" value={to} />
    </>
  );
}
