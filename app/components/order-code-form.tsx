import { Form, useNavigation } from "react-router";
import { CSRF_FIELD, readCsrfCookie } from "../modules/security/csrf";
import { useHydrated } from "./ui/use-hydrated";

/**
 * The thank-you page's form for a COD order that waits for the code sent to its phone (issue
 * 53): Confirm Order with the code, or Resend code. Plain forms, so they work before scripts
 * load; once they run, React Router posts them without a page change.
 */
export function OrderCodeForm({
  orderId,
  awaiting,
  csrf,
}: {
  orderId: string;
  awaiting: { until: string; phoneHint: string };
  csrf: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const token = (hydrated ? readCsrfCookie(document.cookie) : null) ?? csrf;
  return (
    <section className="panel order-code" aria-labelledby="order-code-heading">
      <h2 id="order-code-heading">Confirm your order</h2>
      <p>Enter the 6-digit code we sent to {awaiting.phoneHint} by SMS.</p>
      <Form method="post" className="order-code__form">
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name={CSRF_FIELD} value={token} />
        <input type="hidden" name="intent" value="confirm-code" />
        <label htmlFor="order-code">Confirmation code</label>
        <input
          id="order-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          Confirm Order
        </button>
      </Form>
      <Form method="post" className="inline-form">
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name={CSRF_FIELD} value={token} />
        <input type="hidden" name="intent" value="resend-code" />
        <button type="submit" className="button secondary" disabled={busy}>
          Resend code
        </button>
      </Form>
    </section>
  );
}
