import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { CartNotices } from "../components/cart-notices";
import { AddressFieldset, PaymentMethods } from "../components/checkout/address-fieldset";
import { type OrderError, OrderSummary } from "../components/checkout/order-summary";
import { QuoteRequest } from "../components/checkout/quote-request";
import { useAddressForm } from "../components/checkout/use-address-form";
import { useCouponQuote } from "../components/checkout/use-coupon-quote";
import { useHydrated } from "../components/ui/use-hydrated";
import { loadProfile } from "../modules/accounts/account.server";
import { signedInCustomer } from "../modules/accounts/request.server";
import { cart, useCart } from "../modules/cart/cart-store";
import { cartSubtotal } from "../modules/cart/rules";
import { ADDRESS_FIELDS, addressFormFromSaved } from "../modules/checkout/address-fields";
import { ORDER_FAILED_MESSAGE, quoteLines, saveLastOrderId, submitOrder } from "../modules/checkout/client";
import { forgetAddressInBrowser, saveAddressInBrowser } from "../modules/checkout/saved-address";
import { addressFormSchema, CHECKOUT_MESSAGES, fieldErrors } from "../modules/checkout/schema";
import { formatINR } from "../modules/money/format";
import { quoteReason } from "../modules/quotes/rules";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

/**
 * Which payment methods this store offers (PAYMENT_GATEWAY), and a signed-in customer's saved
 * details to fill the form with. An anonymous shopper's phone or email is never looked up: that
 * would show a stored address to whoever types someone's number (ADR 0008).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  const profile = customer ? await loadProfile(context.db, store.id, customer.id) : null;
  return {
    onlinePayment: context.env.PAYMENT_GATEWAY !== "none",
    testGateway: context.env.PAYMENT_GATEWAY === "sandbox",
    signedIn: customer !== null,
    saved: profile ? addressFormFromSaved(profile) : null,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * /checkout (spec sections 2 and 5): the contact and delivery form, payment method, and the
 * order summary with coupon, items and totals; Place Order (also in the mobile bar). The
 * totals shown are the server's quote; placing the order asks the server to price it again.
 */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { onlinePayment, testGateway, signedIn } = loaderData;
  const hydrated = useHydrated();
  const lines = useCart();
  const navigate = useNavigate();
  const address = useAddressForm({ saved: loaderData.saved, signedIn, hydrated });
  const { form } = address;
  const servicePincode = /^\d{6}$/.test(form.pincode) ? form.pincode : "";
  const coupon = useCouponQuote(lines, servicePincode);
  const [submitted, setSubmitted] = useState(false);
  const [saveAddress, setSaveAddress] = useState(true);
  const [paymentMethod, setPaymentMethod] = useState<"COD" | "ONLINE">("COD");
  const [placing, setPlacing] = useState(false);
  const [orderError, setOrderError] = useState<OrderError | null>(null);
  const placed = useRef(false);

  // An empty cart has nothing to check out (but not after the order emptied it).
  useEffect(() => {
    if (hydrated && lines.length === 0 && !placed.current) navigate("/products", { replace: true });
  }, [hydrated, lines.length, navigate]);

  const validation = addressFormSchema.safeParse(form);
  const errors = validation.success ? {} : fieldErrors(validation.error);
  const shownOrderError =
    orderError?.message === CHECKOUT_MESSAGES.incomplete && validation.success && lines.length > 0 ? null : orderError;
  const shownErrors: Record<string, string> = submitted ? { ...address.serverFields, ...errors } : {};
  const notServiceable = address.pincode?.status === "not-servicable";
  // Invalid details disable the button once a first Place Order has shown what is missing
  // (the messages appear after submit, so the first press must be possible).
  const disabled = placing || lines.length === 0 || notServiceable || (submitted && !validation.success);
  const buttonLabel = notServiceable
    ? CHECKOUT_MESSAGES.nonServiceableButton
    : placing
      ? "Placing order…"
      : "Place Order";
  const grandTotal = coupon.quote?.grandTotal ?? coupon.quote?.subtotal ?? cartSubtotal(lines);
  const quoteAbove = coupon.quote?.quoteAbove ?? 0;
  const askQuote = quoteReason({
    pincodeStatus: notServiceable ? "not-servicable" : "servicable",
    subtotal: coupon.quote?.subtotal ?? cartSubtotal(lines),
    quoteAbove,
  });

  /** Shows the form's mistakes, as Place Order does; true when the details are complete. */
  function checkAddress(): boolean {
    setSubmitted(true);
    if (validation.success) return true;
    setOrderError({ message: CHECKOUT_MESSAGES.incomplete, problems: [] });
    const first = ADDRESS_FIELDS.find((field) => errors[field.name]);
    if (first) document.getElementById(`checkout-${first.name}`)?.focus();
    return false;
  }

  async function placeOrder(event?: FormEvent) {
    event?.preventDefault();
    setOrderError(null);
    if (!checkAddress()) return;
    if (lines.length === 0) {
      setOrderError({ message: CHECKOUT_MESSAGES.incomplete, problems: [] });
      return;
    }
    if (notServiceable) {
      setOrderError({ message: CHECKOUT_MESSAGES.notServiceable, problems: [] });
      return;
    }
    setPlacing(true);
    const result = await submitOrder({
      lines: quoteLines(lines),
      address: form,
      saveAddress,
      paymentMethod,
      coupon: coupon.appliedCode,
    });
    if (result.ok) {
      placed.current = true;
      saveLastOrderId(result.orderId);
      // A guest's 'Save address' keeps the address in this browser only.
      if (!signedIn) {
        if (saveAddress) saveAddressInBrowser(form);
        else forgetAddressInBrowser();
      }
      if (paymentMethod === "ONLINE" && /^https?:\/\//.test(result.redirectTo)) {
        // On to the gateway's payment page; the cart stays until the payment is confirmed.
        window.location.assign(result.redirectTo);
        return;
      }
      cart.clear();
      navigate(result.redirectTo);
      return;
    }
    setPlacing(false);
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(result.fields ?? {})) {
      fields[key.startsWith("address.") ? key.slice(8) : key] = message;
    }
    address.setServerFields(fields);
    setOrderError({
      message: result.error || ORDER_FAILED_MESSAGE,
      problems: result.problems.length > 1 ? result.problems.map((problem) => problem.message) : [],
    });
  }

  if (!hydrated || lines.length === 0) {
    return (
      <section className="checkout" aria-busy="true">
        <h1>Checkout</h1>
        <p className="muted">Loading your cart…</p>
      </section>
    );
  }

  return (
    <section className="checkout">
      <h1>Checkout</h1>
      <CartNotices notices={coupon.priceNotices} />
      <form className="checkout-layout" noValidate onSubmit={placeOrder}>
        <div className="checkout-main">
          <AddressFieldset
            address={address}
            errors={shownErrors}
            saveAddress={saveAddress}
            onSaveAddressChange={setSaveAddress}
            signedIn={signedIn}
          />
          <PaymentMethods
            method={paymentMethod}
            onChange={setPaymentMethod}
            onlinePayment={onlinePayment}
            testGateway={testGateway}
          />
        </div>
        <OrderSummary
          lines={lines}
          coupon={coupon}
          error={shownOrderError}
          disabled={disabled}
          buttonLabel={buttonLabel}
        >
          {askQuote ? (
            <QuoteRequest
              reason={askQuote}
              quoteAbove={quoteAbove}
              pincode={form.pincode}
              lines={lines}
              address={form}
              checkAddress={checkAddress}
              onFields={address.setServerFields}
            />
          ) : null}
        </OrderSummary>
        <div className="mobile-bar">
          <p>
            <span className="muted small">Total</span> <strong>{formatINR(grandTotal)}</strong>
          </p>
          <button type="submit" className="button" disabled={disabled}>
            {buttonLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
