import { useState } from "react";
import { useNavigate } from "react-router";
import type { CartLine } from "../../modules/cart/rules";
import { quoteLines, submitQuoteRequest } from "../../modules/checkout/client";
import type { AddressFormInput } from "../../modules/checkout/schema";
import { formatINR } from "../../modules/money/format";
import type { QuoteReason } from "../../modules/quotes/rules";

const MAX_NOTE = 1000;

/**
 * "Request a quote" at checkout (issue 59): when the store does not deliver to the pincode (the
 * spec's disabled button keeps its label above this), or the cart reaches the store's amount,
 * the shopper may send the cart with the form's contact and delivery details and a note. The
 * form is checked first as for an order; the request's page then says "Quote requested".
 */
export function QuoteRequest({
  reason,
  quoteAbove,
  pincode,
  lines,
  address,
  checkAddress,
  onFields,
}: {
  reason: QuoteReason;
  quoteAbove: number;
  pincode: string;
  lines: readonly CartLine[];
  address: AddressFormInput;
  /** Shows the form's mistakes and says whether it is complete. */
  checkAddress: () => boolean;
  onFields: (fields: Record<string, string>) => void;
}) {
  const navigate = useNavigate();
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setError(null);
    if (!checkAddress()) return;
    setSending(true);
    const sent = await submitQuoteRequest({ lines: quoteLines(lines), address, note });
    if (sent.ok) {
      navigate(sent.url);
      return;
    }
    setSending(false);
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(sent.fields ?? {})) {
      fields[key.startsWith("address.") ? key.slice(8) : key] = message;
    }
    onFields(fields);
    setError(sent.error);
  }

  return (
    <section className="quote-request" aria-labelledby="quote-request-heading">
      <h3 id="quote-request-heading">Request a quote</h3>
      <p className="muted small">
        {reason === "not-serviceable"
          ? `We do not deliver to ${pincode} yet. Send this cart to the shop: it answers with its prices and a delivery charge, and you accept to order.`
          : `Carts from ${formatINR(quoteAbove)} may ask the shop for its best prices. It answers with a quote you can accept to order.`}
      </p>
      <label htmlFor="quote-note">Note for the shop (optional)</label>
      <textarea
        id="quote-note"
        rows={3}
        maxLength={MAX_NOTE}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        placeholder="Delivery days, brands you prefer, a regular weekly order…"
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button secondary block"
        disabled={sending || lines.length === 0}
        onClick={() => void send()}
      >
        {sending ? "Sending…" : "Send quote request"}
      </button>
    </section>
  );
}
