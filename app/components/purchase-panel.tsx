import { useState } from "react";
import { cart, useCart } from "../modules/cart/cart-store";
import { cartLineId, floorQuantity, lineUnitPrice } from "../modules/cart/rules";
import { type CartableProduct, cartItemFor } from "../modules/catalog/cart-item";
import { ADDED_TO_CART_MESSAGE, OVER_STOCK_MESSAGE, type StockState } from "../modules/catalog/rules";
import { formatINR } from "../modules/money/format";
import { percentOff } from "../modules/pricing/rules";
import { useNavigate } from "../platform/navigation/navigation";

type Product = CartableProduct & {
  mrp: number | null;
  stock: StockState;
  maxQty: number;
  sizes: ReadonlyArray<{ label: string; stock: StockState; maxQty: number }>;
};

/**
 * The product page's price card, quantity tiers, quantity stepper and the fixed bottom bar
 * with Total, Add to Cart and Buy (spec sections 2 and 5). The quantity never goes below 1 or
 * above what the shop can sell (9999 when it does not count stock).
 */
export function PurchasePanel({ product }: { product: Product }) {
  const navigate = useNavigate();
  const lines = useCart();
  const [qty, setQty] = useState(1);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [size, setSize] = useState<string | null>(
    () => (product.sizes.find((s) => s.maxQty > 0) ?? product.sizes[0])?.label ?? null,
  );
  const chosen = product.sizes.find((s) => s.label === size) ?? null;
  const stock = chosen ? chosen.stock : product.stock;
  const available = chosen ? chosen.maxQty : product.maxQty;
  const max = Math.max(1, available);
  const item = cartItemFor(product, size);
  const unit = lineUnitPrice(item.meta, qty);
  const off = percentOff(product.mrp, unit);
  const inCart = lines.find((l) => l.id === cartLineId(product.id, size))?.qty ?? 0;

  const change = (next: number) => {
    setMessage(null);
    setQty(Math.min(max, Math.max(1, floorQuantity(next))));
  };

  const add = (): boolean => {
    if (available <= 0 || qty <= 0 || qty + inCart > available) {
      setMessage({ kind: "error", text: OVER_STOCK_MESSAGE });
      return false;
    }
    cart.add(item, qty);
    setMessage({ kind: "success", text: ADDED_TO_CART_MESSAGE });
    return true;
  };

  return (
    <>
      <div className="price-card">
        <p className="price price--large">
          <span className="price__now">{formatINR(unit)}</span>
          {product.mrp !== null && product.mrp > unit ? (
            <span className="price__mrp">
              MRP <s>{formatINR(product.mrp)}</s>
            </span>
          ) : null}
          {off > 0 ? <span className="save">Save {off}%</span> : null}
        </p>
        <p className="muted">Inclusive of all taxes</p>
        {stock.kind !== "unknown" ? <p className={`stock stock--${stock.kind}`}>{stock.label}</p> : null}
      </div>

      {product.sizes.length > 0 ? (
        <fieldset className="size-picker">
          <legend>Size</legend>
          {product.sizes.map((s) => (
            <label key={s.label} className={`chip${s.maxQty <= 0 ? " chip--disabled" : ""}`}>
              <input
                type="radio"
                name="size"
                value={s.label}
                checked={size === s.label}
                disabled={s.maxQty <= 0}
                onChange={() => {
                  setSize(s.label);
                  setMessage(null);
                  setQty((q) => Math.min(Math.max(1, s.maxQty), q));
                }}
              />
              {s.label}
              {s.maxQty <= 0 ? <span className="visually-hidden"> (sold out)</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}

      {product.tiers.length > 0 ? (
        <section className="tier-table" aria-labelledby="tier-heading">
          <h2 id="tier-heading">Buy more, pay less</h2>
          <ul>
            {product.tiers.map((t) => (
              <li key={t.minQty}>
                <span>
                  {t.minQty}+ units at <strong>{formatINR(t.unitPrice)}</strong> each
                </span>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => change(t.minQty)}
                  disabled={t.minQty > max}
                >
                  {/* The name holds the visible words first (WCAG 2.5.3): 'Set Qty to 10'. */}
                  Set Qty<span className="visually-hidden"> to {t.minQty}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="quantity-row">
        <label htmlFor="quantity">Quantity</label>
        <div className="stepper">
          <button type="button" aria-label="Decrease quantity" disabled={qty <= 1} onClick={() => change(qty - 1)}>
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={qty}
            onChange={(e) => change(Number(e.currentTarget.value))}
          />
          <button type="button" aria-label="Increase quantity" disabled={qty >= max} onClick={() => change(qty + 1)}>
            +
          </button>
        </div>
      </div>

      {message ? (
        <p className={`alert alert--${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}

      <div className="buy-bar">
        <p className="buy-bar__total">
          <span className="muted">Total</span> <strong>{formatINR(unit * qty)}</strong>
        </p>
        <button type="button" className="button secondary" onClick={add} disabled={available <= 0}>
          Add to Cart
        </button>
        <button
          type="button"
          className="button"
          disabled={available <= 0}
          onClick={() => {
            if (add()) navigate("/checkout");
          }}
        >
          Buy
        </button>
      </div>
    </>
  );
}
