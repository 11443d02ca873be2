import { Link } from "react-router";
import { type CartLine, cartSubtotal, lineTotal } from "../../modules/cart/rules";
import { formatINR } from "../../modules/money/format";
import { ProductImage } from "../ui/product-image";
import type { CouponQuote } from "./use-coupon-quote";

export interface OrderError {
  message: string;
  problems: string[];
}

/**
 * The checkout's "Order summary" (spec section 5): the items, the lines the server cannot sell
 * as they are, the coupon, the totals of the server's quote, the order's error and Place Order.
 */
export function OrderSummary({
  lines,
  coupon,
  error,
  disabled,
  buttonLabel,
  children,
}: {
  lines: readonly CartLine[];
  coupon: CouponQuote;
  error: OrderError | null;
  disabled: boolean;
  buttonLabel: string;
  /** What follows Place Order: a request for a quote, when the cart may ask for one. */
  children?: React.ReactNode;
}) {
  const { quote } = coupon;
  const blocking = quote?.problems.filter((problem) => problem.kind !== "price-changed") ?? [];
  const subtotal = quote?.subtotal ?? cartSubtotal(lines);
  const grandTotal = quote?.grandTotal ?? subtotal;
  return (
    <aside className="panel order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order summary</h2>
      <ul className="summary-items">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="summary-items__thumb">
              <ProductImage src={line.photo} alt="" sizes="48px" size={48} thumbnail />
              <span className="qty-badge" aria-hidden="true">
                {line.qty}
              </span>
            </span>
            <span className="summary-items__name">
              {line.name}
              {line.size ? <span className="muted"> · {line.size}</span> : null}
              <span className="visually-hidden"> × {line.qty}</span>
            </span>
            <span>{formatINR(lineTotal(line))}</span>
          </li>
        ))}
      </ul>
      {blocking.length > 0 ? (
        <ul className="line-problems" role="alert">
          {blocking.map((problem) => (
            <li key={`${problem.line}-${problem.kind}`}>{problem.message}</li>
          ))}
        </ul>
      ) : null}

      <CouponBox coupon={coupon} />

      <dl className="totals" aria-busy={coupon.loading}>
        <dt>Subtotal</dt>
        <dd>{formatINR(subtotal)}</dd>
        <dt>Discount{quote?.coupon ? ` (${quote.coupon.code})` : ""}</dt>
        <dd>{quote && quote.discount > 0 ? `−${formatINR(quote.discount)}` : formatINR(0)}</dd>
        <dt>Shipping{quote ? <span className="muted small"> · {quote.shipping.type}</span> : null}</dt>
        <dd>{quote ? (quote.shipping.amount === 0 ? "Free" : formatINR(quote.shipping.amount)) : "—"}</dd>
        <dt className="totals__grand">Grand total</dt>
        <dd className="totals__grand">{formatINR(grandTotal)}</dd>
      </dl>
      <p className="muted small">Product prices are inclusive of GST.</p>

      {error ? (
        <div className="alert alert--error" role="alert">
          <p>{error.message}</p>
          {error.problems.length > 0 ? (
            <ul>
              {error.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <button type="submit" className="button block place-order" disabled={disabled}>
        {buttonLabel}
      </button>
      {children}
      <p className="muted small">
        <Link to="/cart">Back to cart</Link>
      </p>
    </aside>
  );
}

function CouponBox({ coupon }: { coupon: CouponQuote }) {
  return (
    <div className="coupon">
      {coupon.appliedCode ? (
        <p className="coupon__applied" role="status">
          <span>
            Coupon <strong>{coupon.appliedCode}</strong> applied
          </span>
          <button type="button" className="link-button" onClick={coupon.remove}>
            Remove
          </button>
        </p>
      ) : (
        <div className="coupon__form">
          <label htmlFor="coupon-code">Coupon code</label>
          <div className="inline-field">
            <input
              id="coupon-code"
              value={coupon.input}
              maxLength={32}
              autoComplete="off"
              onChange={(e) => coupon.setInput(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void coupon.apply();
                }
              }}
            />
            <button type="button" className="button secondary small" onClick={() => void coupon.apply()}>
              Apply
            </button>
          </div>
        </div>
      )}
      {coupon.message ? (
        <p className="field-error" role="alert">
          {coupon.message}
        </p>
      ) : null}
    </div>
  );
}
