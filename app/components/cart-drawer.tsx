import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { cart, useCart } from "../modules/cart/cart-store";
import { cartItemCount, cartSubtotal, lineTotal } from "../modules/cart/rules";
import { formatINR } from "../modules/money/format";
import { Link, NavLink, useLocation } from "../platform/navigation/navigation";
import { useAddressChange } from "../platform/navigation/use-address-change";
import { CartCount } from "./cart-count";
import { ProductImage } from "./ui/product-image";

/** The spec's delay before the drawer closes once the pointer has left it. */
export const DRAWER_CLOSE_DELAY_MS = 120;

/** Opening the drawer from elsewhere (the mobile menu's Cart). */
let openState = false;
const listeners = new Set<() => void>();
export const cartDrawer = {
  open: () => setOpen(true),
  close: () => setOpen(false),
};
function setOpen(value: boolean) {
  if (openState === value) return;
  openState = value;
  for (const l of listeners) l();
}
function useDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => openState,
    () => false,
  );
}

/**
 * The header's cart button and drawer (spec sections 2 and 4). The button is a link to /cart;
 * on devices that can hover, the drawer opens while the pointer is over the button or the
 * drawer and closes 120 ms after it leaves. Escape closes it too.
 */
export function CartButton() {
  const open = useDrawerOpen();
  const location = useLocation();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [canHover, setCanHover] = useState(false);
  const panelId = useId();

  useEffect(() => {
    const query = window.matchMedia("(hover: hover) and (pointer: fine)");
    setCanHover(query.matches);
    const onChange = () => setCanHover(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // A new page closes the drawer (not the first render: a preview opened while the page
  // hydrates stays open).
  useAddressChange(location.pathname, () => cartDrawer.close());

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") cartDrawer.close();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const enter = () => {
    if (!canHover) return;
    clearTimeout(closeTimer.current);
    cartDrawer.open();
  };
  const leave = () => {
    if (!canHover) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(cartDrawer.close, DRAWER_CLOSE_DELAY_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the link and the drawer's buttons are the controls
    <div className="cart-button" onMouseEnter={enter} onMouseLeave={leave}>
      <NavLink to="/cart" aria-controls={open ? panelId : undefined}>
        Cart <CartCount />
      </NavLink>
      {open ? <CartDrawerPanel id={panelId} /> : null}
    </div>
  );
}

function CartDrawerPanel({ id }: { id: string }) {
  const lines = useCart();
  return (
    <section id={id} className="cart-drawer" aria-label="Cart preview">
      <header className="cart-drawer__head">
        <h2>Your cart</h2>
        <button type="button" className="icon-button" aria-label="Close cart preview" onClick={cartDrawer.close}>
          ×
        </button>
      </header>
      {lines.length === 0 ? (
        <p className="muted">Your cart is empty.</p>
      ) : (
        <>
          <ul className="cart-drawer__lines">
            {lines.map((line) => (
              <li key={line.id}>
                <ProductImage src={line.photo} alt="" sizes="48px" size={48} thumbnail />
                <span className="cart-drawer__name">
                  {line.name}
                  {line.size ? <span className="muted"> · {line.size}</span> : null}
                  <span className="muted small">
                    {line.qty} × {formatINR(line.unitPrice)}
                  </span>
                </span>
                <span className="cart-drawer__total">{formatINR(lineTotal(line))}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => cart.remove(line.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <p className="cart-drawer__subtotal">
            <span>
              Subtotal ({cartItemCount(lines)} {cartItemCount(lines) === 1 ? "item" : "items"})
            </span>
            <strong>{formatINR(cartSubtotal(lines))}</strong>
          </p>
          <div className="cart-drawer__actions">
            <Link className="button secondary" to="/cart">
              View Cart
            </Link>
            <Link className="button" to="/checkout">
              Checkout
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
