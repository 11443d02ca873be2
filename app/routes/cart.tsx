import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CartLineProblems, CartNotices } from "../components/cart-notices";
import { QuantityInput } from "../components/quantity-input";
import { SaveCartAsList } from "../components/save-to-list";
import { ProductImage } from "../components/ui/product-image";
import { useHydrated } from "../components/ui/use-hydrated";
import { cart, useCart } from "../modules/cart/cart-store";
import { firstQuantity, largestQuantity, unitsLabel } from "../modules/cart/packs";
import { type CartLine, cartSubtotal, lineTotal, lineUnits } from "../modules/cart/rules";
import { useCartQuote } from "../modules/checkout/use-cart-quote";
import { formatINR } from "../modules/money/format";
import { quoteReason } from "../modules/quotes/rules";

export function meta() {
  return [{ title: "My Cart" }, { name: "robots", content: "noindex" }];
}

/**
 * /cart (spec section 2): the lines with thumbnail, name, unit price, quantity (at least 1),
 * line total and Remove; Subtotal, Clear Cart and Checkout. The server is asked what the cart
 * costs today, so a changed price or a shortage is said here, before checkout.
 */
export default function CartPage() {
  const hydrated = useHydrated();
  const lines = useCart();
  const navigate = useNavigate();
  const { quote, priceNotices, loading } = useCartQuote(lines);
  const subtotal = cartSubtotal(lines);
  const [cleared, setCleared] = useState<CartLine[] | null>(null);
  const blocking = quote?.problems.filter((p) => p.kind !== "price-changed") ?? [];

  if (!hydrated) {
    return (
      <section className="cart-page" aria-busy="true">
        <h1>My Cart</h1>
        <p className="muted">Loading your cart…</p>
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="cart-page cart-page--empty">
        <h1>My Cart</h1>
        <p>Your cart is empty.</p>
        {cleared ? (
          <p role="status">
            Cart cleared.{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                cart.replace(cleared);
                setCleared(null);
              }}
            >
              Undo
            </button>
          </p>
        ) : null}
        <p className="actions">
          <Link className="button" to="/products">
            Continue Shopping
          </Link>{" "}
          <Link className="button secondary" to="/quick-order">
            Quick order
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="cart-page">
      <h1>My Cart</h1>
      <CartNotices notices={priceNotices} />
      <div className="cart-layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {lines.map((line, index) => {
            const quoted = quote?.lines.find((q) => q.id === line.id);
            const max = quoted?.maxQty ?? 9999;
            const units = lineUnits(line.meta);
            return (
              <li key={line.id} className="cart-line">
                <ProductImage src={line.photo} alt="" sizes="80px" size={80} thumbnail className="cart-line__image" />
                <div className="cart-line__info">
                  <h2 className="cart-line__name">
                    <Link to={`/products/${line.meta.productId}`}>{line.name}</Link>
                  </h2>
                  {line.size ? <p className="muted">Size: {line.size}</p> : null}
                  {unitsLabel(units) ? <p className="muted">{unitsLabel(units)}</p> : null}
                  <p className="cart-line__unit">
                    <span className="visually-hidden">Unit price </span>
                    {formatINR(line.unitPrice)} each
                  </p>
                  <CartLineProblems problems={quote?.problems.filter((p) => p.line === index) ?? []} />
                </div>
                <QuantityInput
                  label={`Quantity of ${line.name}`}
                  value={line.qty}
                  min={firstQuantity(units)}
                  max={Math.max(firstQuantity(units), largestQuantity(max, units))}
                  units={units}
                  onChange={(qty) => cart.setQuantity(line.id, qty)}
                />
                <p className="cart-line__total">
                  <span className="visually-hidden">Line total </span>
                  {formatINR(lineTotal(line))}
                </p>
                <button type="button" className="link-button" onClick={() => cart.remove(line.id)}>
                  Remove<span className="visually-hidden"> {line.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <aside className="cart-summary" aria-label="Cart summary">
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>{formatINR(subtotal)}</dd>
          </dl>
          <p className="muted small">Product prices are inclusive of GST. Shipping and coupons at checkout.</p>
          <button
            type="button"
            className="button block"
            disabled={blocking.length > 0 || loading}
            onClick={() => navigate("/checkout")}
          >
            Checkout
          </button>
          {quote &&
          quoteReason({ pincodeStatus: "servicable", subtotal: quote.subtotal, quoteAbove: quote.quoteAbove }) ? (
            <p className="muted small">
              A large order: you can also <Link to="/checkout#quote-request-heading">request a quote</Link> for this
              cart at checkout.
            </p>
          ) : null}
          {blocking.length > 0 ? (
            <p className="muted small" id="checkout-blocked">
              Please fix the items marked above before checkout.
            </p>
          ) : null}
          <button
            type="button"
            className="button secondary block"
            onClick={() => {
              setCleared(lines);
              cart.clear();
            }}
          >
            Clear Cart
          </button>
          <p className="muted small">
            Many products to add? <Link to="/quick-order">Quick order</Link> takes SKUs or names with quantities.
          </p>
          <SaveCartAsList lines={lines} />
        </aside>
      </div>
    </section>
  );
}
