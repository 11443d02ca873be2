import { useEffect, useRef, useState } from "react";
import { cart } from "../cart/cart-store";
import type { CartLine } from "../cart/rules";
import { fetchQuote, type PricedCart } from "./client";

export interface CartQuoteState {
  quote: PricedCart | null;
  /** A quote is on its way. When the server cannot be asked, quote stays as it was (the pages show the cart's own figures). */
  loading: boolean;
  /** Price changes the cart took on since it was opened, in the shopper's words. */
  priceNotices: string[];
}

/**
 * Asks the server what the cart costs today (debounced), and takes on today's prices: a line
 * whose price changed since it was added is repriced, and the change is kept as a notice so
 * the cart can say so before checkout instead of surprising the shopper.
 */
export function useCartQuote(lines: readonly CartLine[], coupon = "", pincode = "", delayMs = 250): CartQuoteState {
  const [state, setState] = useState<CartQuoteState>({ quote: null, loading: false, priceNotices: [] });
  const notices = useRef<string[]>([]);
  const key = JSON.stringify([lines.map((l) => [l.id, l.qty, l.unitPrice]), coupon, pincode]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for lines, coupon and pincode
  useEffect(() => {
    if (lines.length === 0) {
      setState((s) => ({ ...s, quote: null, loading: false }));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      fetchQuote(lines, coupon, pincode, controller.signal).then(
        (quote) => {
          for (const problem of quote.problems) {
            if (problem.kind === "price-changed" && !notices.current.includes(problem.message)) {
              notices.current = [...notices.current, problem.message];
            }
          }
          for (const quoted of quote.lines) {
            const line = lines.find((l) => l.id === quoted.id);
            if (line && line.unitPrice !== quoted.unitPrice) cart.reprice(line.id, quoted.meta);
          }
          setState({ quote, loading: false, priceNotices: notices.current });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("cart quote failed", error);
          setState((s) => ({ ...s, loading: false }));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);

  return state;
}
