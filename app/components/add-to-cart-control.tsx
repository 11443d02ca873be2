import { cart, useCart } from "../modules/cart/cart-store";
import { firstQuantity, largestQuantity, nextQuantity, SINGLE_UNITS } from "../modules/cart/packs";
import { cartLineId } from "../modules/cart/rules";
import { type CartableProduct, cartItemFor } from "../modules/catalog/cart-item";
import type { StockState } from "../modules/catalog/rules";
import { Link } from "../platform/navigation/navigation";

/**
 * The card's ADD button, which becomes minus / count / plus once the product is in the cart
 * (spec section 2). Plus stops at the most the shop can sell. A product sold from a minimum or
 * in packs (issue 59) is added at its first right quantity and steps a pack at a time.
 */
export function AddToCartControl({
  product,
}: {
  product: CartableProduct & { stock: StockState; maxQty: number; slug?: string; hasSizes?: boolean };
}) {
  const lines = useCart();
  const id = cartLineId(product.id, null);
  const qty = lines.find((l) => l.id === id)?.qty ?? 0;
  const units = product.units ?? SINGLE_UNITS;
  // Fewer left than the smallest order (a minimum, a whole pack) is sold out to a shopper.
  if (product.stock.kind === "sold-out" || largestQuantity(product.maxQty, units) <= 0) {
    return (
      <button type="button" className="add-button" disabled>
        Sold out
      </button>
    );
  }
  if (product.hasSizes) {
    // A size is chosen on the product page.
    return (
      <Link
        className="add-button"
        to={`/products/${product.slug ?? product.id}`}
        aria-label={`Choose size of ${product.name}`}
      >
        Choose size
      </Link>
    );
  }
  if (qty === 0) {
    return (
      <button
        type="button"
        className="add-button"
        aria-label={`Add ${product.name} to cart`}
        onClick={() => cart.add(cartItemFor(product), firstQuantity(units))}
      >
        ADD
      </button>
    );
  }
  return (
    <fieldset className="stepper stepper--compact">
      <legend className="visually-hidden">Quantity of {product.name} in cart</legend>
      <button
        type="button"
        aria-label={units.packOf > 1 ? `Remove a pack of ${product.name}` : `Remove one ${product.name}`}
        onClick={() => cart.decrement(id)}
      >
        −
      </button>
      <output aria-live="polite">{qty}</output>
      <button
        type="button"
        aria-label={units.packOf > 1 ? `Add a pack more of ${product.name}` : `Add one more ${product.name}`}
        disabled={nextQuantity(qty, units) > product.maxQty}
        onClick={() => cart.increment(id)}
      >
        +
      </button>
    </fieldset>
  );
}
