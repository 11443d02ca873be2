import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { readLastOrderId, saveLastOrderId } from "../modules/checkout/client";
import { confirmReturn } from "../modules/payments/client";
import { PAYMENT_MESSAGES } from "../modules/payments/gateway";
import type { Route } from "./+types/payment-return";

export function meta() {
  return [{ title: "Finalizing your payment…" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The order the return URL names, for the link shown without JavaScript. */
export function loader({ url }: Route.LoaderArgs) {
  return { orderId: url.searchParams.get("orderId") ?? url.searchParams.get("order_id") };
}

/** How long a message stays before the page moves on to the order. */
const MESSAGE_MS = 1_500;

/**
 * /payment-return (spec sections 2, 4 and 7): where the gateway sends the shopper back. It asks
 * the server for the payment's status (the server asks the gateway; this address's own status
 * is only a hint), then goes to the thank-you page with the order id and that status.
 */
export default function PaymentReturnPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    // Mandi's own id (in the return URL it gave the gateway), else the gateway's, else the last order.
    const reference = params.get("orderId") ?? params.get("order_id") ?? readLastOrderId();
    if (!reference) {
      setMessage(PAYMENT_MESSAGES.missingOrderId);
      const timer = setTimeout(() => navigate("/thank-you?status=unknown", { replace: true }), MESSAGE_MS);
      return () => clearTimeout(timer);
    }
    void confirmReturn(reference, params.toString()).then((result) => {
      const orderId = result.orderId ?? reference;
      saveLastOrderId(orderId);
      if (result.ok) {
        navigate(`/thank-you?orderId=${encodeURIComponent(orderId)}&status=${result.status}`, { replace: true });
        return;
      }
      setMessage(result.error);
      setTimeout(
        () => navigate(`/thank-you?orderId=${encodeURIComponent(orderId)}&status=unknown`, { replace: true }),
        MESSAGE_MS,
      );
    });
  }, [navigate]);

  return (
    <section className="narrow payment-return" aria-busy={message === null}>
      <h1>Finalizing your payment…</h1>
      {message === null ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> Please don't close this page.
        </p>
      ) : (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      )}
      <noscript>
        <p>
          <Link
            className="button"
            to={loaderData.orderId ? `/thank-you?orderId=${encodeURIComponent(loaderData.orderId)}` : "/thank-you"}
          >
            See your order
          </Link>
        </p>
      </noscript>
    </section>
  );
}
