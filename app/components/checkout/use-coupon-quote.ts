import { useEffect, useRef, useState } from "react";
import type { CartLine } from "../../modules/cart/rules";
import { fetchQuote } from "../../modules/checkout/client";
import { INVALID_COUPON_MESSAGE, INVALID_COUPON_MESSAGE_MS, normaliseCouponCode } from "../../modules/checkout/coupons";
import { useCartQuote } from "../../modules/checkout/use-cart-quote";

type CouponState = { kind: "none" } | { kind: "applied"; code: string } | { kind: "cleared" };

/**
 * The server's quote for the cart, with the coupon the shopper applied: a code is applied only
 * when the server accepts it, a refused one shows the spec's message for a few seconds, and an
 * applied one whose conditions stop holding (the cart shrank) is taken off with that message.
 */
export function useCouponQuote(lines: readonly CartLine[], pincode: string) {
  const [input, setInput] = useState("");
  const [coupon, setCoupon] = useState<CouponState>({ kind: "none" });
  const [message, setMessage] = useState<string | null>(null);
  const appliedCode = coupon.kind === "applied" ? coupon.code : "";
  const { quote, priceNotices, loading } = useCartQuote(lines, appliedCode, pincode);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  function flash(text: string) {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), INVALID_COUPON_MESSAGE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const refused = coupon.kind === "applied" && Boolean(quote?.couponError);
  // biome-ignore lint/correctness/useExhaustiveDependencies: flash only sets state
  useEffect(() => {
    if (refused) {
      setCoupon({ kind: "none" });
      flash(INVALID_COUPON_MESSAGE);
    }
  }, [refused]);

  async function apply() {
    const code = normaliseCouponCode(input);
    if (code === "") return;
    try {
      const checked = await fetchQuote(lines, code, pincode);
      if (checked.coupon) {
        setCoupon({ kind: "applied", code: checked.coupon.code });
        setMessage(null);
      } else flash(INVALID_COUPON_MESSAGE);
    } catch {
      flash(INVALID_COUPON_MESSAGE);
    }
  }

  function remove() {
    setCoupon({ kind: "cleared" });
    setInput("");
  }

  return { quote, priceNotices, loading, appliedCode, input, setInput, message, apply, remove };
}

export type CouponQuote = ReturnType<typeof useCouponQuote>;
