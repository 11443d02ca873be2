import { Form, useNavigation } from "react-router";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { describedBy, Field } from "./field";

/** A coupon as the form shows it: the form's own words, in rupees, percent and India's dates. */
export interface CouponFields {
  code: string;
  kind: "flat" | "percent";
  value: string;
  minSubtotal: string;
  maxDiscount: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  perCustomer: string;
  active: boolean;
}

export const NEW_COUPON: CouponFields = {
  code: "",
  kind: "flat",
  value: "",
  minSubtotal: "",
  maxDiscount: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  perCustomer: "",
  active: true,
};

/**
 * The coupon form (issue 56): every field labelled, each mistake named at its field. Rupees and
 * percent are typed as a shopkeeper says them; empty limits mean none.
 */
export function CouponForm({
  csrf,
  fields,
  errors,
  submit,
}: {
  csrf: string;
  fields: CouponFields;
  errors: Record<string, string | undefined>;
  submit: string;
}) {
  const busy = useNavigation().state !== "idle";
  const control = (id: keyof CouponFields, hint = false) => ({
    id,
    name: id,
    "aria-invalid": errors[id] ? true : undefined,
    "aria-describedby": describedBy(errors, id, hint),
  });
  return (
    <Form method="post" className="console-step console-step--wide console-settings" noValidate>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="intent" value="save" />
      <Field id="code" label="Code" error={errors.code} hint="What shoppers type: 3 to 20 letters or digits.">
        <input
          {...control("code", true)}
          defaultValue={fields.code}
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
        />
      </Field>
      <Field id="kind" label="Discount type" error={errors.kind}>
        <select {...control("kind")} defaultValue={fields.kind}>
          <option value="flat">Rupees off</option>
          <option value="percent">Percent off</option>
        </select>
      </Field>
      <Field
        id="value"
        label="Discount"
        error={errors.value}
        hint="Rupees for rupees off (100), percent for percent off (10). A percentage is rounded to the rupee."
      >
        <input {...control("value", true)} defaultValue={fields.value} inputMode="decimal" />
      </Field>
      <Field id="minSubtotal" label="Minimum subtotal (₹, optional)" error={errors.minSubtotal}>
        <input {...control("minSubtotal")} defaultValue={fields.minSubtotal} inputMode="decimal" />
      </Field>
      <Field
        id="maxDiscount"
        label="Largest discount (₹, optional)"
        error={errors.maxDiscount}
        hint="A cap on a percent off, like 500."
      >
        <input {...control("maxDiscount", true)} defaultValue={fields.maxDiscount} inputMode="decimal" />
      </Field>
      <Field id="startsOn" label="First day (optional)" error={errors.startsOn}>
        <input {...control("startsOn")} type="date" defaultValue={fields.startsOn} />
      </Field>
      <Field id="endsOn" label="Last day (optional)" error={errors.endsOn} hint="It works until the end of this day.">
        <input {...control("endsOn", true)} type="date" defaultValue={fields.endsOn} />
      </Field>
      <Field
        id="maxUses"
        label="Orders in all (optional)"
        error={errors.maxUses}
        hint="Empty for no limit. When the last use is taken, the next order is told the coupon does not apply."
      >
        <input {...control("maxUses", true)} defaultValue={fields.maxUses} inputMode="numeric" />
      </Field>
      <Field
        id="perCustomer"
        label="Orders per customer (optional)"
        error={errors.perCustomer}
        hint="Counted by the order's phone number."
      >
        <input {...control("perCustomer", true)} defaultValue={fields.perCustomer} inputMode="numeric" />
      </Field>
      <label className="console-check">
        <input type="checkbox" name="active" defaultChecked={fields.active} /> Active
      </label>
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}
