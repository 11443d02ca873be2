import { data, Form, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { describedBy, Field, fieldErrors } from "../../components/console/field";
import { gstFormSchema, readGstSettings, saveGstSettings } from "../../modules/console/gst-settings.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { INDIAN_STATES } from "../../modules/india/states";
import { registrationProblem } from "../../modules/invoices/issue.server";
import { financialYear, invoiceNumber } from "../../modules/invoices/numbering";
import { currentMonth } from "../../modules/invoices/register.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/invoicing";

export const meta: Route.MetaFunction = () => [
  { title: "GST and invoices · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

const rateOptions = (rates: readonly number[]) =>
  rates.map((rate) => (
    <option key={rate} value={rate}>
      {rate}%
    </option>
  ));

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const settings = await readGstSettings(context.db, requireStore(context).id);
  const problem = registrationProblem(settings);
  return {
    csrf: context.csrf,
    settings,
    problem,
    example: problem ? null : invoiceNumber(settings.invoicePrefix, financialYear(new Date()).label, 1),
    month: currentMonth(),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 8 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = gstFormSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
    return data({ error: "Check the fields marked below: nothing is saved yet.", fields }, { status: 422 });
  }
  await saveGstSettings(context.db, { member, ip: context.clientIp }, parsed.data);
  return { notice: "Saved. Invoices issued from now on use these details; issued ones never change." };
}

/**
 * /admin/invoicing (owners): the store's GST registration and how it invoices (issue 58). An
 * order's tax invoice is issued when it is confirmed (or delivered), numbered from the store's
 * series for the financial year; a store without a registration issues none.
 */
export default function Invoicing({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, settings, problem, example, month } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = fieldErrors(actionData);
  const described = (id: string, hint = false) => describedBy(errors, id, hint);
  const invalid = (id: string) => (errors[id] ? true : undefined);
  return (
    <>
      <h1>GST and invoices</h1>
      <ActionMessage answer={actionData} />
      <p className={problem ? "alert alert--error" : "muted"}>
        {problem
          ? `Invoices are not issued yet. ${problem}`
          : `Each order's tax invoice is issued when it is ${settings.issueOn}; the first of this financial year is numbered ${example}.`}
      </p>
      <Form method="post" className="console-step console-step--wide console-settings" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <Field id="legalName" label="Legal name" error={errors.legalName}>
          <input
            id="legalName"
            name="legalName"
            defaultValue={settings.legalName}
            aria-invalid={invalid("legalName")}
            aria-describedby={described("legalName")}
          />
        </Field>
        <Field id="gstin" label="GSTIN" error={errors.gstin}>
          <input
            id="gstin"
            name="gstin"
            defaultValue={settings.gstin}
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={invalid("gstin")}
            aria-describedby={described("gstin")}
          />
        </Field>
        <Field id="address" label="Registered address" error={errors.address}>
          <textarea
            id="address"
            name="address"
            rows={3}
            defaultValue={settings.address}
            aria-invalid={invalid("address")}
            aria-describedby={described("address")}
          />
        </Field>
        <Field id="stateCode" label="State" error={errors.stateCode}>
          <select
            id="stateCode"
            name="stateCode"
            defaultValue={settings.stateCode}
            aria-invalid={invalid("stateCode")}
            aria-describedby={described("stateCode")}
          >
            <option value="">Choose…</option>
            {INDIAN_STATES.map((state) => (
              <option key={state.gstCode} value={state.gstCode}>
                {state.name} ({state.gstCode})
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="invoicePrefix"
          label="Invoice number prefix"
          error={errors.invoicePrefix}
          hint="1 to 4 capital letters or digits: ANN gives ANN/26-27/000123."
        >
          <input
            id="invoicePrefix"
            name="invoicePrefix"
            defaultValue={settings.invoicePrefix}
            maxLength={4}
            autoCapitalize="characters"
            aria-invalid={invalid("invoicePrefix")}
            aria-describedby={described("invoicePrefix", true)}
          />
        </Field>
        <Field id="issueOn" label="Issue invoices when the order is" error={errors.issueOn}>
          <select id="issueOn" name="issueOn" defaultValue={settings.issueOn} aria-describedby={described("issueOn")}>
            <option value="confirmed">Confirmed</option>
            <option value="delivered">Delivered</option>
          </select>
        </Field>
        <Field
          id="rates"
          label="GST rates in use (%)"
          error={errors.rates}
          hint="The rates your products, categories and shipping may have, separated by commas. Change them when the rates in force change."
        >
          <input
            id="rates"
            name="rates"
            defaultValue={settings.rates.join(", ")}
            aria-invalid={invalid("rates")}
            aria-describedby={described("rates", true)}
          />
        </Field>
        <Field
          id="shippingSac"
          label="Shipping's SAC code"
          error={errors.shippingSac}
          hint="Shipping is its own line on the invoice. Ask your accountant which code and rate are yours."
        >
          <input
            id="shippingSac"
            name="shippingSac"
            inputMode="numeric"
            defaultValue={settings.shippingSac}
            aria-invalid={invalid("shippingSac")}
            aria-describedby={described("shippingSac", true)}
          />
        </Field>
        <Field id="shippingRate" label="Shipping's GST rate" error={errors.shippingRate}>
          <select
            id="shippingRate"
            name="shippingRate"
            defaultValue={String(settings.shippingRate)}
            aria-describedby={described("shippingRate")}
          >
            {rateOptions(settings.rates)}
          </select>
        </Field>
        <Field
          id="defaultRate"
          label="GST rate of products without one"
          error={errors.defaultRate}
          hint="A product's own rate comes first, then its category's."
        >
          <select
            id="defaultRate"
            name="defaultRate"
            defaultValue={String(settings.defaultRate)}
            aria-describedby={described("defaultRate", true)}
          >
            {rateOptions(settings.rates)}
          </select>
        </Field>
        <Field id="defaultHsn" label="HSN code of products without one (optional)" error={errors.defaultHsn}>
          <input
            id="defaultHsn"
            name="defaultHsn"
            inputMode="numeric"
            defaultValue={settings.defaultHsn}
            aria-invalid={invalid("defaultHsn")}
            aria-describedby={described("defaultHsn")}
          />
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
      <h2 id="register">For your accountant</h2>
      <p className="muted">
        A month's invoices and credit notes: the register as CSV (credit notes negative), the GSTR-1 JSON to upload with
        the GST portal's offline tool, or every document as a PDF in one ZIP.
      </p>
      <form
        method="get"
        action="/admin/invoicing/register"
        className="console-step console-step--wide console-settings"
      >
        <label htmlFor="month">Month</label>
        <input id="month" name="month" type="month" defaultValue={month} max={month} required />
        <p className="console-buttons">
          <button type="submit" name="format" value="csv" className="button secondary">
            Download register (CSV)
          </button>
          <button type="submit" name="format" value="gstr1" className="button secondary">
            Download GSTR-1 (JSON)
          </button>
          <button type="submit" formAction="/admin/orders/invoices" className="button secondary">
            Download all PDFs (ZIP)
          </button>
        </p>
      </form>
    </>
  );
}
