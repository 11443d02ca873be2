import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { type HumanCheckConfig, HumanCheckWidget } from "../components/human-check-widget";
import { ProductImage } from "../components/ui/product-image";
import { listOrders, loadProfile, type OrderSummary, type Profile } from "../modules/accounts/account.server";
import { accountApi } from "../modules/accounts/client";
import { humanCheck } from "../modules/accounts/human-check.server";
import { signedInCustomer } from "../modules/accounts/request.server";
import {
  ACCOUNT_MESSAGES,
  OTP_LENGTH,
  OTP_MIN_ACCEPTED,
  PHONE_PREFIX,
  type ProfileInput,
  phoneFieldValue,
  profileSchema,
} from "../modules/accounts/schema";
import { cart } from "../modules/cart/cart-store";
import type { QuotedLine } from "../modules/checkout/quote";
import { formatINR } from "../modules/money/format";
import type { OrderView } from "../modules/orders/order-view.server";

/** An order as the account's window shows it: a guest's order comes without its delivery details (ADR 0052). */
type AccountOrder = Omit<OrderView, "customer"> & { customer: OrderView["customer"] | null };

import { statusTone } from "../modules/orders/thank-you";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "My Account" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) {
    const check = humanCheck(context.env, context.log);
    return {
      signedIn: false as const,
      humanCheck: check.kind !== "off" && check.siteKey ? { kind: check.kind, siteKey: check.siteKey } : null,
    };
  }
  const [profile, orders] = await Promise.all([
    loadProfile(context.db, store.id, customer.id).catch(() => null),
    listOrders(context.db, store.id, customer).catch(() => null),
  ]);
  return { signedIn: true as const, profile, orders };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/**
 * /account (spec sections 2, 4 and 5): sign in with a one-time code (phone stage, code stage),
 * then the profile with its saved details and the order history with reorder.
 */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  if (!loaderData.signedIn)
    return <SignIn humanCheck={loaderData.humanCheck} onSignedIn={() => revalidator.revalidate()} />;
  return (
    <section className="account">
      <h1>My Account</h1>
      <div className="account__grid">
        <ProfilePanel profile={loaderData.profile} />
        <OrderHistory orders={loaderData.orders} />
      </div>
    </section>
  );
}

function SignIn({ humanCheck, onSignedIn }: { humanCheck: HumanCheckConfig | null; onSignedIn: () => void }) {
  const [stage, setStage] = useState<"phone" | "otp">("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [humanReset, setHumanReset] = useState(0);
  const [resendAt, setResendAt] = useState(0);
  const now = useNow(stage === "otp" && resendAt > Date.now());
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (stage === "otp") codeInput.current?.focus();
  }, [stage]);

  async function requestCode(): Promise<boolean> {
    setError(null);
    if (!/^\d{10}$/.test(phone)) {
      setError(ACCOUNT_MESSAGES.phone);
      return false;
    }
    if (humanCheck && !humanToken) {
      setError(ACCOUNT_MESSAGES.humanCheck);
      return false;
    }
    setBusy(true);
    const sent = await accountApi<{ resendAfterSeconds: number }>("/api/account/code", "POST", {
      phone,
      ...(humanToken ? { humanToken } : {}),
    });
    setBusy(false);
    // A verification token is good for one send, whatever its outcome.
    if (humanCheck) setHumanReset((n) => n + 1);
    if (!sent.ok) {
      setError(sent.error || ACCOUNT_MESSAGES.sendFailed);
      return false;
    }
    setResendAt(Date.now() + sent.data.resendAfterSeconds * 1000);
    return true;
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (await requestCode()) {
      setCode("");
      setStage("otp");
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (code.trim().length < OTP_MIN_ACCEPTED) {
      setError(ACCOUNT_MESSAGES.code);
      return;
    }
    setBusy(true);
    const result = await accountApi("/api/account/session", "POST", { phone, code: code.trim() });
    setBusy(false);
    if (!result.ok) {
      setError(result.error || ACCOUNT_MESSAGES.invalidCode);
      return;
    }
    onSignedIn();
  }

  const errorLine = error ? (
    <p className="field-error" id="account-error" role="alert">
      {error}
    </p>
  ) : null;
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));

  return (
    <section className="account narrow">
      <h1>My Account</h1>
      <div className="panel">
        {stage === "phone" ? (
          <form id="account-phone-form" onSubmit={sendCode} noValidate>
            <h2>Sign in with your phone</h2>
            <p className="muted">We'll send a one-time code by SMS.</p>
            <div className="field">
              <label htmlFor="account-phone">Mobile number</label>
              <div className="input-prefix">
                <span aria-hidden="true">{PHONE_PREFIX}</span>
                <input
                  id="account-phone"
                  name="phone"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={10}
                  value={phone}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "account-error" : undefined}
                  onChange={(e) => setPhone(phoneFieldValue(e.currentTarget.value))}
                />
              </div>
            </div>
          </form>
        ) : (
          <form id="account-code-form" onSubmit={verify} noValidate>
            <h2>Enter your code</h2>
            <p className="muted">
              Sent to {PHONE_PREFIX} {phone}. It is valid for 10 minutes.
            </p>
            <div className="field">
              <label htmlFor="account-code">One-time code</label>
              <input
                ref={codeInput}
                id="account-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                value={code}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "account-error" : undefined}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, OTP_LENGTH))}
              />
            </div>
          </form>
        )}
        {/* One widget for both stages: a resend needs a fresh token too. */}
        {humanCheck ? <HumanCheckWidget config={humanCheck} resetKey={humanReset} onToken={setHumanToken} /> : null}
        {errorLine}
        {stage === "phone" ? (
          <button type="submit" form="account-phone-form" className="button" disabled={busy}>
            Send OTP
          </button>
        ) : (
          <div className="actions">
            <button type="submit" form="account-code-form" className="button" disabled={busy}>
              Verify &amp; Sign In
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy || resendIn > 0}
              onClick={async () => {
                if (await requestCode()) setCode("");
              }}
            >
              {resendIn > 0 ? `Resend OTP in ${resendIn}s` : "Resend OTP"}
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setStage("phone");
                setCode("");
                setError(null);
              }}
            >
              Change phone
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** The current time, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

const DETAIL_LABELS: Array<[keyof Profile, string]> = [
  ["name", "Name"],
  ["phone", "Phone"],
  ["email", "Email"],
  ["address", "Address"],
  ["apartment", "Apartment"],
  ["city", "City"],
  ["state", "State"],
  ["pin", "Pin"],
  ["landmark", "Landmark"],
  ["companyName", "Company"],
  ["gstNumber", "GSTIN"],
];

function ProfilePanel({ profile }: { profile: Profile | null }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  if (!profile) {
    return (
      <section className="panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <p className="alert alert--error" role="alert">
          {ACCOUNT_MESSAGES.profileLoad}
        </p>
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
      </section>
    );
  }
  const initial = (profile.name || profile.phone || "?").trim().charAt(0).toUpperCase();
  return (
    <section className="panel profile" aria-labelledby="profile-heading">
      <div className="profile__head">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <h2 id="profile-heading">{profile.name || ACCOUNT_MESSAGES.welcome}</h2>
          <p className="muted">
            {PHONE_PREFIX} {profile.phone}
            {profile.email ? (
              <>
                <br />
                {profile.email}
              </>
            ) : null}
          </p>
        </div>
      </div>
      <h3>Saved Details</h3>
      {profile.hasDetails ? (
        <dl className="order-facts">
          {DETAIL_LABELS.filter(([key]) => profile[key] !== "").map(([key, label]) => (
            <div key={key} className="order-facts__row">
              <dt>{label}</dt>
              <dd>{String(profile[key])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{ACCOUNT_MESSAGES.noDetails}</p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Edit Profile
        </button>
        <SignOut />
      </div>
      {editing ? (
        <EditProfile
          profile={profile}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}

function SignOut() {
  const revalidator = useRevalidator();
  return (
    <button
      type="button"
      className="button secondary"
      onClick={async () => {
        await accountApi("/api/account/session", "DELETE");
        revalidator.revalidate();
      }}
    >
      Sign out
    </button>
  );
}

const PROFILE_FIELDS: Array<{ name: keyof ProfileInput; label: string; type?: string; autoComplete?: string }> = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "address", label: "Address", autoComplete: "address-line1" },
  { name: "apartment", label: "Apartment", autoComplete: "address-line2" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "pin", label: "Pin", autoComplete: "postal-code" },
  { name: "landmark", label: "Landmark" },
  { name: "companyName", label: "Company", autoComplete: "organization" },
  { name: "gstNumber", label: "GSTIN" },
];

function EditProfile({ profile, onClose, onSaved }: { profile: Profile; onClose: () => void; onSaved: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Record<keyof ProfileInput, string>>(() => ({
    name: profile.name,
    email: profile.email,
    address: profile.address,
    apartment: profile.apartment,
    city: profile.city,
    state: profile.state,
    pin: profile.pin,
    landmark: profile.landmark,
    companyName: profile.companyName,
    gstNumber: profile.gstNumber,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    const saved = await accountApi("/api/account/profile", "PUT", parsed.data);
    setBusy(false);
    if (!saved.ok) {
      // Saving is "logged only" in the spec; the fields the server refused are shown.
      setErrors(saved.fields ?? {});
      return;
    }
    onSaved();
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="edit-profile-heading" onClose={onClose}>
      <form className="modal__panel" onSubmit={save} noValidate>
        <h2 id="edit-profile-heading">Edit Profile</h2>
        <p className="muted small">
          Phone: {PHONE_PREFIX} {profile.phone} (the number you sign in with)
        </p>
        <div className="form-grid">
          {PROFILE_FIELDS.map((field) => {
            const id = `profile-${field.name}`;
            const error = errors[field.name];
            return (
              <div className="field" key={field.name}>
                <label htmlFor={id}>{field.label}</label>
                <input
                  id={id}
                  name={field.name}
                  type={field.type ?? "text"}
                  autoComplete={field.autoComplete}
                  value={form[field.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((f) => ({ ...f, [field.name]: field.name === "gstNumber" ? value.toUpperCase() : value }));
                  }}
                />
                {error ? (
                  <p className="field-error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}

function OrderHistory({ orders }: { orders: OrderSummary[] | null }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="orders-heading">
      <div className="order-panel__top">
        <h2 id="orders-heading">Order History</h2>
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
      </div>
      {orders === null ? (
        <p className="alert alert--error" role="alert">
          {ACCOUNT_MESSAGES.ordersLoad}
        </p>
      ) : orders.length === 0 ? (
        <p className="muted">{ACCOUNT_MESSAGES.noOrders}</p>
      ) : (
        <ul className="order-history">
          {orders.map((o) => (
            <li key={o.id}>
              <button type="button" className="order-history__item" onClick={() => setOpen(o.id)}>
                <span className="summary-items__thumb">
                  {o.firstPhoto ? (
                    <ProductImage src={o.firstPhoto} alt="" sizes="56px" size={56} />
                  ) : (
                    <span className="muted small">No line items</span>
                  )}
                </span>
                <span className="order-history__text">
                  <strong>Order #{o.shortId}</strong>
                  {o.placedAsGuest ? <span className="tag">Placed as a guest</span> : null}
                  <span className="muted small">
                    {dateFormat.format(new Date(o.createdAt))} · {o.itemCount} {o.itemCount === 1 ? "item" : "items"}
                  </span>
                </span>
                <span className="order-history__side">
                  <span className={`status-badge status-badge--${statusTone(o.paymentStatus)}`}>{o.paymentStatus}</span>
                  {o.status !== "Pending" ? <span className="muted small">{o.status}</span> : null}
                  <strong>{formatINR(o.grandTotal)}</strong>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <OrderDetail orderId={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function OrderDetail({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [order, setOrder] = useState<AccountOrder | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    void accountApi<{ order: AccountOrder }>(`/api/account/orders/${orderId}`).then((r) => {
      if (r.ok) setOrder(r.data.order);
      else setMessage({ text: ACCOUNT_MESSAGES.ordersLoad, tone: "error" });
    });
  }, [orderId]);

  async function reorder() {
    const result = await accountApi<{ lines: QuotedLine[]; leftOut: string[] }>("/api/account/reorder", "POST", {
      orderId,
    });
    if (!result.ok || result.data.lines.length === 0) {
      setMessage({ text: ACCOUNT_MESSAGES.reorderFailed, tone: "error" });
      return;
    }
    for (const line of result.data.lines) {
      cart.add(
        {
          name: line.name,
          photo: line.photo,
          sku: line.sku,
          size: line.size,
          isSet: line.setSizes.length > 0,
          setSizes: line.setSizes,
          meta: line.meta,
        },
        line.qty,
      );
    }
    const left =
      result.data.leftOut.length > 0 ? ` Not added (no longer available): ${result.data.leftOut.join(", ")}.` : "";
    setMessage({ text: `${ACCOUNT_MESSAGES.reorderDone}${left}`, tone: "success" });
  }

  const c = order?.customer;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="order-detail-heading" onClose={onClose}>
      <div className="modal__panel">
        <h2 id="order-detail-heading">Order #{orderId.slice(-6)}</h2>
        {message ? (
          <p className={`alert alert--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
            {message.text}
          </p>
        ) : null}
        {order ? (
          <>
            <dl className="order-facts">
              <dt>Status</dt>
              <dd>
                <span className={`status-badge status-badge--${statusTone(order.paymentStatus)}`}>
                  {order.paymentStatus}
                </span>
              </dd>
              <dt>Date</dt>
              <dd>{dateFormat.format(new Date(order.createdAt))}</dd>
              <dt>Payment</dt>
              <dd>{order.paymentMethod === "COD" ? "Cash on Delivery" : "Online"}</dd>
              <dt>Total</dt>
              <dd>{formatINR(order.grandTotal)}</dd>
            </dl>
            <table className="order-lines">
              <caption className="visually-hidden">Items</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={`${item.name}|${item.selectedSize ?? ""}`}>
                    <td>
                      {item.name}
                      {item.selectedSize ? <span className="muted"> · {item.selectedSize}</span> : null}
                    </td>
                    <td>{item.quantity}</td>
                    <td>{formatINR(item.unitPrice)}</td>
                    <td>{formatINR(item.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {c ? (
              <>
                <h3>Shipping</h3>
                <p>
                  {[c.firstName, c.lastName].filter(Boolean).join(" ")}
                  <br />
                  {c.address}
                  {c.apartment ? `, ${c.apartment}` : ""}
                  <br />
                  {c.city}, {c.state} {c.pin}
                  <br />
                  {PHONE_PREFIX} {c.phone}
                  {c.email ? (
                    <>
                      <br />
                      {c.email}
                    </>
                  ) : null}
                </p>
              </>
            ) : (
              <p className="muted">{ACCOUNT_MESSAGES.guestOrder}</p>
            )}
          </>
        ) : message ? null : (
          <p className="muted">Loading…</p>
        )}
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
          <button type="button" className="button" onClick={reorder} disabled={!order}>
            Reorder
          </button>
          <Link className="button secondary" to="/cart">
            Go to cart
          </Link>
        </div>
      </div>
    </dialog>
  );
}
