import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { CartNotices } from "../components/cart-notices";
import { ProductImage } from "../components/ui/product-image";
import { useHydrated } from "../components/ui/use-hydrated";
import { useLocateMe } from "../components/use-locate-me";
import { loadProfile } from "../modules/accounts/account.server";
import { signedInCustomer } from "../modules/accounts/request.server";
import { cart, useCart } from "../modules/cart/cart-store";
import { cartSubtotal, lineTotal } from "../modules/cart/rules";
import {
  fetchPincode,
  fetchQuote,
  ORDER_FAILED_MESSAGE,
  type PincodeInfo,
  quoteLines,
  saveLastOrderId,
  submitOrder,
} from "../modules/checkout/client";
import { INVALID_COUPON_MESSAGE, INVALID_COUPON_MESSAGE_MS, normaliseCouponCode } from "../modules/checkout/coupons";
import { forgetAddressInBrowser, readSavedAddress, saveAddressInBrowser } from "../modules/checkout/saved-address";
import { type AddressFormInput, addressFormSchema, CHECKOUT_MESSAGES, fieldErrors } from "../modules/checkout/schema";
import { useCartQuote } from "../modules/checkout/use-cart-quote";
import { INDIAN_STATES } from "../modules/india/states";
import { attachAutocomplete } from "../modules/location/google-maps";
import { formatINR } from "../modules/money/format";
import { PINCODE_NOT_SERVICEABLE_TEXT, PINCODE_SERVICEABLE_TEXT } from "../modules/shipping/rules";
import { requireStore } from "../modules/store/require-store.server";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

type Field = keyof AddressFormInput;

const EMPTY_FORM: Required<AddressFormInput> = {
  fullName: "",
  phone: "",
  email: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  pincode: "",
  landmark: "",
  companyName: "",
  gstNumber: "",
};

const FIELDS: Array<{
  name: Field;
  label: string;
  required?: boolean;
  autoComplete: string;
  type?: string;
  inputMode?: "numeric" | "tel" | "email";
  maxLength?: number;
  wide?: boolean;
}> = [
  { name: "fullName", label: "Full Name", required: true, autoComplete: "name", maxLength: 100 },
  {
    name: "phone",
    label: "Phone",
    required: true,
    autoComplete: "tel-national",
    type: "tel",
    inputMode: "tel",
    maxLength: 14,
  },
  {
    name: "email",
    label: "Email",
    autoComplete: "email",
    type: "email",
    inputMode: "email",
    maxLength: 254,
    wide: true,
  },
  {
    name: "addressLine1",
    label: "Address Line 1",
    required: true,
    autoComplete: "address-line1",
    maxLength: 200,
    wide: true,
  },
  { name: "addressLine2", label: "Address Line 2", autoComplete: "address-line2", maxLength: 200, wide: true },
  {
    name: "pincode",
    label: "Pincode",
    required: true,
    autoComplete: "postal-code",
    inputMode: "numeric",
    maxLength: 6,
  },
  { name: "city", label: "City", required: true, autoComplete: "address-level2", maxLength: 100 },
  { name: "state", label: "State", required: true, autoComplete: "address-level1" },
  { name: "landmark", label: "Landmark", autoComplete: "off", maxLength: 200 },
  { name: "companyName", label: "Company Name", autoComplete: "organization", maxLength: 200 },
  { name: "gstNumber", label: "GST Number", autoComplete: "off", maxLength: 15 },
];

type CouponState = { kind: "none" } | { kind: "applied"; code: string } | { kind: "cleared" };

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
    saved: profile
      ? {
          fullName: profile.name,
          phone: profile.phone,
          email: profile.email,
          addressLine1: profile.address,
          addressLine2: profile.apartment,
          city: profile.city,
          state: profile.state,
          pincode: profile.pin,
          landmark: profile.landmark,
          companyName: profile.companyName,
          gstNumber: profile.gstNumber,
        }
      : null,
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
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const mapsKey = root?.mapsKey ?? null;

  // A signed-in customer starts from their saved details.
  const [form, setForm] = useState<Required<AddressFormInput>>(() => ({ ...EMPTY_FORM, ...(loaderData.saved ?? {}) }));
  const [submitted, setSubmitted] = useState(false);
  const [saveAddress, setSaveAddress] = useState(true);
  const [paymentMethod, setPaymentMethod] = useState<"COD" | "ONLINE">("COD");
  const [couponInput, setCouponInput] = useState("");
  const [coupon, setCoupon] = useState<CouponState>({ kind: "none" });
  const [couponMessage, setCouponMessage] = useState<string | null>(null);
  const [pincode, setPincode] = useState<PincodeInfo | null>(null);
  // What the pincode directory last filled in: replaced by the next pincode, never the shopper's own typing.
  const autoFilled = useRef({ city: "", state: "" });
  const [placing, setPlacing] = useState(false);
  const [orderError, setOrderError] = useState<{ message: string; problems: string[] } | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const { locate, busy: locating, message: locationMessage } = useLocateMe();
  const placed = useRef(false);
  const address1 = useRef<HTMLInputElement>(null);

  // A guest starts from the address this browser saved (ADR 0052); a signed-in customer from their account's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    if (signedIn || !hydrated) return;
    const saved = readSavedAddress();
    if (saved) setForm((current) => (Object.values(current).some(Boolean) ? current : { ...current, ...saved }));
  }, [hydrated]);

  const appliedCode = coupon.kind === "applied" ? coupon.code : "";
  const servicePincode = /^\d{6}$/.test(form.pincode) ? form.pincode : "";
  const { quote, priceNotices, loading } = useCartQuote(lines, appliedCode, servicePincode);

  // An empty cart has nothing to check out (but not after the order emptied it).
  useEffect(() => {
    if (hydrated && lines.length === 0 && !placed.current) navigate("/products", { replace: true });
  }, [hydrated, lines.length, navigate]);

  // A coupon whose conditions stop holding (the cart shrank) is taken off with the message.
  const couponFailed = coupon.kind === "applied" && Boolean(quote?.couponError);
  // biome-ignore lint/correctness/useExhaustiveDependencies: flashCouponMessage only sets state
  useEffect(() => {
    if (couponFailed) {
      setCoupon({ kind: "none" });
      flashCouponMessage(INVALID_COUPON_MESSAGE);
    }
  }, [couponFailed]);

  // Pincode: status text, and city and state from the offline directory.
  useEffect(() => {
    if (!/^\d{6}$/.test(form.pincode)) {
      setPincode(null);
      return;
    }
    const controller = new AbortController();
    fetchPincode(form.pincode, controller.signal).then(
      (info) => {
        setPincode(info);
        if (!info) return;
        const previous = autoFilled.current;
        autoFilled.current = { city: info.city ?? "", state: info.state ?? "" };
        setForm((f) => {
          const next = { ...f };
          if (info.city && (f.city === "" || f.city === previous.city)) next.city = info.city;
          if (info.state && (f.state === "" || f.state === previous.state)) next.state = info.state;
          return next;
        });
      },
      () => {
        if (!controller.signal.aborted) setPincode(null);
      },
    );
    return () => controller.abort();
  }, [form.pincode]);

  // Address search through Google Places when the shop configured a key.
  useEffect(() => {
    if (!mapsKey || !address1.current) return;
    attachAutocomplete(mapsKey, address1.current, (place) =>
      setForm((f) => ({
        ...f,
        addressLine1: place.addressLine1 || f.addressLine1,
        city: place.city || f.city,
        state: INDIAN_STATES.find((s) => s.name === place.state)?.name ?? f.state,
        pincode: place.pincode || f.pincode,
      })),
    ).catch((error: unknown) => console.warn("address search unavailable", error));
  }, [mapsKey]);

  const couponTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  function flashCouponMessage(message: string) {
    setCouponMessage(message);
    clearTimeout(couponTimer.current);
    couponTimer.current = setTimeout(() => setCouponMessage(null), INVALID_COUPON_MESSAGE_MS);
  }
  useEffect(() => () => clearTimeout(couponTimer.current), []);

  const validation = addressFormSchema.safeParse(form);
  const errors = validation.success ? {} : fieldErrors(validation.error);
  const shownOrderError =
    orderError?.message === CHECKOUT_MESSAGES.incomplete && validation.success && lines.length > 0 ? null : orderError;
  const shownErrors: Record<string, string> = submitted ? { ...serverFields, ...errors } : {};
  const notServiceable = pincode?.status === "not-servicable";
  const stateMismatch =
    pincode && pincode.states.length > 0 && form.state !== "" && !pincode.states.includes(form.state)
      ? `Pincode ${pincode.pincode} is in ${pincode.states.join(" / ")}, not ${form.state}. Please check the state.`
      : null;
  const blocking = quote?.problems.filter((p) => p.kind !== "price-changed") ?? [];
  // Invalid details disable the button once a first Place Order has shown what is missing
  // (the messages appear after submit, so the first press must be possible).
  const disabled = placing || lines.length === 0 || notServiceable || (submitted && !validation.success);
  const buttonLabel = notServiceable
    ? CHECKOUT_MESSAGES.nonServiceableButton
    : placing
      ? "Placing order…"
      : "Place Order";
  const subtotal = quote?.subtotal ?? cartSubtotal(lines);
  const grandTotal = quote?.grandTotal ?? subtotal;

  function update(name: Field, value: string) {
    let next = value;
    if (name === "phone") next = value.replace(/[^\d+\s-]/g, "");
    if (name === "pincode") next = value.replace(/\D/g, "").slice(0, 6);
    if (name === "gstNumber") next = value.toUpperCase().replace(/\s/g, "");
    setForm((f) => ({ ...f, [name]: next }));
    setServerFields((s) => {
      const { [name]: _gone, ...rest } = s;
      return rest;
    });
  }

  async function applyCoupon() {
    const code = normaliseCouponCode(couponInput);
    if (code === "") return;
    try {
      const q = await fetchQuote(lines, code, servicePincode);
      if (q.coupon) {
        setCoupon({ kind: "applied", code: q.coupon.code });
        setCouponMessage(null);
      } else flashCouponMessage(INVALID_COUPON_MESSAGE);
    } catch {
      flashCouponMessage(INVALID_COUPON_MESSAGE);
    }
  }

  async function placeOrder(event?: FormEvent) {
    event?.preventDefault();
    setSubmitted(true);
    setOrderError(null);
    if (!validation.success || lines.length === 0) {
      setOrderError({ message: CHECKOUT_MESSAGES.incomplete, problems: [] });
      const first = FIELDS.find((f) => errors[f.name]);
      if (first) document.getElementById(`checkout-${first.name}`)?.focus();
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
      coupon: appliedCode,
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
      const field = key.startsWith("address.") ? key.slice(8) : key;
      fields[field] = message;
    }
    setServerFields(fields);
    setOrderError({
      message: result.error || ORDER_FAILED_MESSAGE,
      problems: result.problems.length > 1 ? result.problems.map((p) => p.message) : [],
    });
  }

  async function fillFromCurrentLocation() {
    const result = await locate();
    if (result.ok && result.address && form.addressLine1 === "") {
      update("addressLine1", result.address.split(",").slice(0, 2).join(","));
    }
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
      <CartNotices notices={priceNotices} />
      <form className="checkout-layout" noValidate onSubmit={placeOrder}>
        <div className="checkout-main">
          <fieldset className="panel">
            <legend>
              <h2>Contact and delivery</h2>
            </legend>
            <p className="delivery-note">
              <strong>Delivery tomorrow</strong>
            </p>
            <div className="location-row">
              <button
                type="button"
                className="button secondary small"
                onClick={fillFromCurrentLocation}
                disabled={locating}
              >
                {locating ? "Finding you…" : "Use current location"}
              </button>
              {locationMessage ? (
                <p className="muted small" role="status">
                  {locationMessage}
                </p>
              ) : null}
            </div>
            <div className="form-grid">
              {FIELDS.map((field) => {
                const id = `checkout-${field.name}`;
                const error = shownErrors[field.name];
                const hint =
                  field.name === "pincode" && pincode && !error
                    ? pincode.status === "servicable"
                      ? PINCODE_SERVICEABLE_TEXT
                      : PINCODE_NOT_SERVICEABLE_TEXT
                    : null;
                const describedBy = [error ? `${id}-error` : null, hint ? `${id}-status` : null]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <div key={field.name} className={`field${field.wide ? " field--wide" : ""}`}>
                    <label htmlFor={id}>
                      {field.label}
                      {field.required ? <span aria-hidden="true"> *</span> : <span className="muted"> (optional)</span>}
                    </label>
                    {field.name === "state" ? (
                      <select
                        id={id}
                        name={field.name}
                        required
                        autoComplete={field.autoComplete}
                        value={form.state}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={describedBy || undefined}
                        onChange={(e) => update("state", e.currentTarget.value)}
                      >
                        <option value="">Choose a state</option>
                        {INDIAN_STATES.map((s) => (
                          <option key={s.name} value={s.name}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <div className={field.name === "phone" ? "input-prefix" : undefined}>
                        {field.name === "phone" ? <span aria-hidden="true">+91</span> : null}
                        <input
                          id={id}
                          ref={field.name === "addressLine1" ? address1 : undefined}
                          name={field.name}
                          type={field.type ?? "text"}
                          inputMode={field.inputMode}
                          autoComplete={field.autoComplete}
                          required={field.required}
                          maxLength={field.maxLength}
                          value={form[field.name]}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={describedBy || undefined}
                          onChange={(e) => update(field.name, e.currentTarget.value)}
                        />
                      </div>
                    )}
                    {error ? (
                      <p className="field-error" id={`${id}-error`}>
                        {error}
                      </p>
                    ) : null}
                    {hint ? (
                      <p
                        className={`field-status ${pincode?.status === "servicable" ? "ok" : "bad"}`}
                        id={`${id}-status`}
                        role="status"
                      >
                        {hint}
                      </p>
                    ) : null}
                    {field.name === "state" && stateMismatch ? (
                      <p className="field-warning" role="status">
                        {stateMismatch}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={saveAddress}
                onChange={(e) => setSaveAddress(e.currentTarget.checked)}
                aria-describedby={signedIn ? undefined : "save-address-note"}
              />
              Save address
            </label>
            {signedIn ? null : (
              <p id="save-address-note" className="muted small">
                Saved in this browser only. <Link to="/account">Sign in</Link> to keep it in your account.
              </p>
            )}
          </fieldset>

          <fieldset className="panel payment-methods">
            <legend>
              <h2>Payment method</h2>
            </legend>
            <label className="radio-card">
              <input
                type="radio"
                name="paymentMethod"
                value="COD"
                checked={paymentMethod === "COD"}
                onChange={() => setPaymentMethod("COD")}
              />
              <span>
                <strong>Cash on Delivery</strong>
                <span className="muted small">Pay in cash or UPI when your order arrives.</span>
              </span>
            </label>
            {onlinePayment ? (
              <label className="radio-card">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="ONLINE"
                  checked={paymentMethod === "ONLINE"}
                  onChange={() => setPaymentMethod("ONLINE")}
                />
                <span>
                  <strong>Pay Online</strong>
                  <span className="muted small">
                    Cards, UPI and net banking on a secure payment page.
                    {testGateway ? " (Test gateway: no real money moves.)" : ""}
                  </span>
                </span>
              </label>
            ) : null}
          </fieldset>
        </div>

        <aside className="panel order-summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Order summary</h2>
          <ul className="summary-items">
            {lines.map((line) => (
              <li key={line.id}>
                <span className="summary-items__thumb">
                  <ProductImage src={line.photo} alt="" sizes="48px" size={48} />
                  <span className="qty-badge" aria-hidden="true">
                    {line.qty}
                  </span>
                </span>
                <span className="summary-items__name">
                  {line.name}
                  {line.size ? <span className="muted"> · {line.size}</span> : null}
                  <span className="visually-hidden"> × {line.qty}</span>
                </span>
                <span>{formatINR(lineTotal(line))}</span>
              </li>
            ))}
          </ul>
          {blocking.length > 0 ? (
            <ul className="line-problems" role="alert">
              {blocking.map((p) => (
                <li key={`${p.line}-${p.kind}`}>{p.message}</li>
              ))}
            </ul>
          ) : null}

          <div className="coupon">
            {coupon.kind === "applied" ? (
              <p className="coupon__applied" role="status">
                <span>
                  Coupon <strong>{coupon.code}</strong> applied
                </span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setCoupon({ kind: "cleared" });
                    setCouponInput("");
                  }}
                >
                  Remove
                </button>
              </p>
            ) : (
              <div className="coupon__form">
                <label htmlFor="coupon-code">Coupon code</label>
                <div className="inline-field">
                  <input
                    id="coupon-code"
                    value={couponInput}
                    maxLength={32}
                    autoComplete="off"
                    onChange={(e) => setCouponInput(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") {
                        e.preventDefault();
                        void applyCoupon();
                      }
                    }}
                  />
                  <button type="button" className="button secondary small" onClick={() => void applyCoupon()}>
                    Apply
                  </button>
                </div>
              </div>
            )}
            {couponMessage ? (
              <p className="field-error" role="alert">
                {couponMessage}
              </p>
            ) : null}
          </div>

          <dl className="totals" aria-busy={loading}>
            <dt>Subtotal</dt>
            <dd>{formatINR(subtotal)}</dd>
            <dt>Discount{quote?.coupon ? ` (${quote.coupon.code})` : ""}</dt>
            <dd>{quote && quote.discount > 0 ? `−${formatINR(quote.discount)}` : formatINR(0)}</dd>
            <dt>Shipping{quote ? <span className="muted small"> · {quote.shipping.type}</span> : null}</dt>
            <dd>{quote ? (quote.shipping.amount === 0 ? "Free" : formatINR(quote.shipping.amount)) : "—"}</dd>
            <dt className="totals__grand">Grand total</dt>
            <dd className="totals__grand">{formatINR(grandTotal)}</dd>
          </dl>
          <p className="muted small">Product prices are inclusive of GST.</p>

          {shownOrderError ? (
            <div className="alert alert--error" role="alert">
              <p>{shownOrderError.message}</p>
              {shownOrderError.problems.length > 0 ? (
                <ul>
                  {shownOrderError.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}

          <button type="submit" className="button block place-order" disabled={disabled}>
            {buttonLabel}
          </button>
          <p className="muted small">
            <Link to="/cart">Back to cart</Link>
          </p>
        </aside>

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
