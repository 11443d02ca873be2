import { Link } from "react-router";
import { ADDRESS_FIELDS } from "../../modules/checkout/address-fields";
import { INDIAN_STATES } from "../../modules/india/states";
import { PINCODE_NOT_SERVICEABLE_TEXT, PINCODE_SERVICEABLE_TEXT } from "../../modules/shipping/rules";
import type { useAddressForm } from "./use-address-form";

/**
 * "Contact and delivery" (spec section 5): each field with its label, its message once the
 * shopper has pressed Place Order, the pincode's delivery status, a warning when the state is
 * not the pincode's, and Save address with what it does for a guest (ADR 0052).
 */
export function AddressFieldset({
  address,
  errors,
  saveAddress,
  onSaveAddressChange,
  signedIn,
}: {
  address: ReturnType<typeof useAddressForm>;
  /** Messages to show, by field: none before the first Place Order. */
  errors: Record<string, string>;
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
  signedIn: boolean;
}) {
  const { form, update, pincode, stateMismatch } = address;
  return (
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
          onClick={address.fillFromCurrentLocation}
          disabled={address.locating}
        >
          {address.locating ? "Finding you…" : "Use current location"}
        </button>
        {address.locationMessage ? (
          <p className="muted small" role="status">
            {address.locationMessage}
          </p>
        ) : null}
      </div>
      <div className="form-grid">
        {ADDRESS_FIELDS.map((field) => {
          const id = `checkout-${field.name}`;
          const error = errors[field.name];
          const hint =
            field.name === "pincode" && pincode && !error
              ? pincode.status === "servicable"
                ? PINCODE_SERVICEABLE_TEXT
                : PINCODE_NOT_SERVICEABLE_TEXT
              : null;
          const describedBy = [error ? `${id}-error` : null, hint ? `${id}-status` : null].filter(Boolean).join(" ");
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
                  {INDIAN_STATES.map((state) => (
                    <option key={state.name} value={state.name}>
                      {state.name}
                    </option>
                  ))}
                </select>
              ) : (
                <div className={field.name === "phone" ? "input-prefix" : undefined}>
                  {field.name === "phone" ? <span aria-hidden="true">+91</span> : null}
                  <input
                    id={id}
                    ref={field.name === "addressLine1" ? address.addressLine1 : undefined}
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
          onChange={(e) => onSaveAddressChange(e.currentTarget.checked)}
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
  );
}

/** Cash on delivery, and Pay Online when the store has a gateway. */
export function PaymentMethods({
  method,
  onChange,
  onlinePayment,
  testGateway,
}: {
  method: "COD" | "ONLINE";
  onChange: (method: "COD" | "ONLINE") => void;
  onlinePayment: boolean;
  testGateway: boolean;
}) {
  return (
    <fieldset className="panel payment-methods">
      <legend>
        <h2>Payment method</h2>
      </legend>
      <label className="radio-card">
        <input
          type="radio"
          name="paymentMethod"
          value="COD"
          checked={method === "COD"}
          onChange={() => onChange("COD")}
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
            checked={method === "ONLINE"}
            onChange={() => onChange("ONLINE")}
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
  );
}
