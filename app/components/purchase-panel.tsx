import { useState } from "react";
import { cart, useCart } from "../modules/cart/cart-store";
import {
  firstQuantity,
  fitQuantity,
  largestQuantity,
  nextQuantity,
  type OrderUnits,
  previousQuantity,
  roundedNote,
  SINGLE_UNITS,
  unitsLabel,
} from "../modules/cart/packs";
import { cartLineId, floorQuantity, lineUnitPrice } from "../modules/cart/rules";
import { type CartableProduct, cartItemFor } from "../modules/catalog/cart-item";
import { ADDED_TO_CART_MESSAGE, OVER_STOCK_MESSAGE, type StockState } from "../modules/catalog/rules";
import { formatINR } from "../modules/money/format";
import { percentOff } from "../modules/pricing/rules";
import { useNavigate } from "../platform/navigation/navigation";
import { AddToList } from "./save-to-list";

type Product = CartableProduct & {
  mrp: number | null;
  stock: StockState;
  maxQty: number;
  sizes: ReadonlyArray<{ label: string; stock: StockState; maxQty: number; units?: OrderUnits }>;
};

/**
 * The product page's price card, quantity tiers, quantity stepper and the fixed bottom bar
 * with Total, Add to Cart and Buy (spec sections 2 and 5). The quantity never goes below 1 (or
 * the product's minimum, in whole packs: issue 59) or above what the shop can sell (9999 when it
 * does not count stock).
 */
export function PurchasePanel({ product }: { product: Product }) {
  const navigate = useNavigate();
  const lines = useCart();
  const [size, setSize] = useState<string | null>(
    () => (product.sizes.find((s) => s.maxQty > 0) ?? product.sizes[0])?.label ?? null,
  );
  const sizeUnits = (label: string | null) =>
    product.sizes.find((s) => s.label === label)?.units ?? product.units ?? SINGLE_UNITS;
  // A size may be sold in its own minimum and pack (issue 59): the stepper follows the size chosen.
  const units = sizeUnits(size);
  const first = firstQuantity(units);
  const [qty, setQty] = useState(first);
  // What is typed in the quantity of a product sold in packs, until it is committed and rounded.
  const [typed, setTyped] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const chosen = product.sizes.find((s) => s.label === size) ?? null;
  const stock = chosen ? chosen.stock : product.stock;
  const available = chosen ? chosen.maxQty : product.maxQty;
  const max = Math.max(first, largestQuantity(available, units));
  const item = cartItemFor({ ...product, units }, size);
  const unit = lineUnitPrice(item.meta, qty);
  const off = percentOff(product.mrp, unit);
  const inCart = lines.find((l) => l.id === cartLineId(product.id, size))?.qty ?? 0;

  /** A quantity made right: the units' rounding, within the first right quantity and the most. */
  const fitted = (asked: number) => Math.min(max, Math.max(first, fitQuantity(floorQuantity(asked), units) || first));
  const change = (next: number) => {
    setMessage(null);
    setNote(null);
    setTyped(null);
    setQty(fitted(next));
  };

  /** A typed quantity of a product sold in packs, made right and said so when it was rounded. */
  const commitTyped = (raw: string) => {
    const asked = floorQuantity(Number(raw));
    change(asked);
    setNote(roundedNote(asked, fitted(asked), units));
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
        {unitsLabel(units) ? <p className="units">{unitsLabel(units)}</p> : null}
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
                  const next = sizeUnits(s.label);
                  const least = firstQuantity(next);
                  setSize(s.label);
                  setMessage(null);
                  setNote(null);
                  setQty((q) =>
                    Math.min(Math.max(least, largestQuantity(s.maxQty, next)), Math.max(least, fitQuantity(q, next))),
                  );
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
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={qty <= first}
            onClick={() => change(previousQuantity(qty, units))}
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={first}
            max={max}
            step={units.packOf}
            value={typed ?? qty}
            // A product sold singly takes each keystroke (the spec's stepper); one sold in packs
            // keeps what is typed until Enter or leaving the field, then rounds it up.
            onChange={(e) =>
              units.packOf > 1 || units.minQty > 1
                ? setTyped(e.currentTarget.value)
                : change(Number(e.currentTarget.value))
            }
            onBlur={(e) => (typed === null ? undefined : commitTyped(e.currentTarget.value))}
            onKeyDown={(e) => {
              if (e.key === "Enter" && typed !== null) commitTyped(e.currentTarget.value);
            }}
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={nextQuantity(qty, units) > max}
            onClick={() => change(nextQuantity(qty, units))}
          >
            +
          </button>
        </div>
      </div>
      {note ? (
        <p className="quantity-note" role="status">
          {note}
        </p>
      ) : null}

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
      <AddToList
        line={{ productId: product.id, size, setSizes: item.setSizes, qty }}
        productName={size ? `${product.name} (${size})` : product.name}
      />
    </>
  );
}
