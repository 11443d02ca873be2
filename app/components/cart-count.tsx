import { useCart } from "../modules/cart/cart-store";
import { cartItemCount } from "../modules/cart/rules";

/** The number of items in the cart, beside the header's Cart link. */
export function CartCount() {
  const count = cartItemCount(useCart());
  if (count === 0) return null;
  return (
    <span className="cart-count">
      {count}
      <span className="visually-hidden"> items</span>
    </span>
  );
}
