import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { ActionMessage } from "../../components/console/action-message";
import { describedBy, Field, fieldErrors } from "../../components/console/field";
import { shippingSchema } from "../../db/json-columns";
import {
  listRates,
  placeOf,
  removeRate,
  saveRates,
  saveShipping,
  shippingFormSchema,
} from "../../modules/console/delivery.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { formatINR } from "../../modules/money/format";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { MAX_RATE_LINES, parseRateLines, type RateLineProblem } from "../../modules/shipping/rate-lines";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = () => [{ title: "Delivery · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const from = url.searchParams.get("from") ?? "";
  const [row, page] = await Promise.all([
    context.db.query.stores.findFirst({ where: (s, { eq }) => eq(s.id, store.id), columns: { shipping: true } }),
    listRates(context.db, store.id, from),
  ]);
  return { csrf: context.csrf, shipping: shippingSchema.parse(row?.shipping ?? {}), from, ...page };
}

const removeSchema = z.object({ pincode: z.string().regex(/^\d{6}$/, "Enter a 6-digit pincode.") });

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 512 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };
  const form = Object.fromEntries(read.form) as Record<string, string>;
  if (form.intent === "shipping") {
    const parsed = shippingFormSchema.safeParse(form);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
      return data({ error: "Check the fields marked below: nothing is saved yet.", fields }, { status: 422 });
    }
    await saveShipping(context.db, actor, parsed.data);
    return { notice: "Saved. Quotes and orders use these from now on." };
  }
  if (form.intent === "rates") {
    const parsed = parseRateLines(form.lines ?? "");
    if ("problems" in parsed) {
      return data(
        {
          error: `${parsed.problems.length === 1 ? "One line needs" : `${parsed.problems.length} lines need`} fixing: nothing is saved yet.`,
          problems: parsed.problems,
          lines: form.lines ?? "",
        },
        { status: 422 },
      );
    }
    if (parsed.rates.length === 0)
      return data({ error: "Paste at least one line: a pincode and its rates." }, { status: 422 });
    await saveRates(context.db, actor, parsed.rates);
    const named = parsed.rates
      .slice(0, 3)
      .map((rate) => `${rate.pincode}${placeOf(rate.pincode) ? ` (${placeOf(rate.pincode)})` : ""}`);
    return {
      notice: `Saved the rates of ${parsed.rates.length} ${parsed.rates.length === 1 ? "pincode" : "pincodes"}: ${named.join(", ")}${parsed.rates.length > 3 ? " and more" : ""}.`,
    };
  }
  if (form.intent === "remove") {
    const parsed = removeSchema.safeParse(form);
    if (!parsed.success) return data({ error: "Enter a 6-digit pincode." }, { status: 422 });
    const removed = await removeRate(context.db, actor, parsed.data.pincode);
    return removed
      ? { notice: `${parsed.data.pincode} is removed: it gets the default rate, or no delivery, from now on.` }
      : data({ error: `${parsed.data.pincode} has no rates of its own.` }, { status: 404 });
  }
  return data({ error: "Choose what to save." }, { status: 400 });
}

const money = (paise: number) => formatINR(paise);

/** /admin/delivery (owners): shipping settings and the rates per pincode (issue 56). */
export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, shipping, total, rates, next, from } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = fieldErrors(actionData);
  const problems: RateLineProblem[] =
    actionData && "problems" in actionData ? (actionData.problems as RateLineProblem[]) : [];
  const pasted = actionData && "lines" in actionData ? String(actionData.lines) : "";
  return (
    <>
      <h1>Delivery</h1>
      <ActionMessage answer={actionData} />
      <h2>Shipping</h2>
      <Form method="post" className="console-step console-step--wide console-settings" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="shipping" />
        <label className="console-check">
          <input type="checkbox" name="enabled" defaultChecked={shipping.enabled} /> Charge for delivery
        </label>
        <Field
          id="freeShippingThreshold"
          label="Free delivery from (₹)"
          error={errors.freeShippingThreshold}
          hint="The amount after discount from which delivery is free; 0 for never."
        >
          <input
            id="freeShippingThreshold"
            name="freeShippingThreshold"
            inputMode="decimal"
            defaultValue={shipping.freeShippingThreshold / 100}
            aria-invalid={errors.freeShippingThreshold ? true : undefined}
            aria-describedby={describedBy(errors, "freeShippingThreshold", true)}
          />
        </Field>
        <Field id="defaultRate" label="Default rate (₹)" error={errors.defaultRate}>
          <input
            id="defaultRate"
            name="defaultRate"
            inputMode="decimal"
            defaultValue={shipping.defaultRate / 100}
            aria-invalid={errors.defaultRate ? true : undefined}
            aria-describedby={describedBy(errors, "defaultRate")}
          />
        </Field>
        <label className="console-check">
          <input type="checkbox" name="applyDefaultIfNoZone" defaultChecked={shipping.applyDefaultIfNoZone} /> Deliver
          to pincodes without rates of their own, at the default rate
        </label>
        <button type="submit" className="button" disabled={busy}>
          Save shipping
        </button>
      </Form>

      <h2>Rates by pincode</h2>
      <p className="muted">
        {total} {total === 1 ? "pincode has" : "pincodes have"} rates of their own, by the amount after discount: up to
        ₹999, ₹1,000 to ₹4,999, and ₹5,000 and above.
      </p>
      <Form method="post" className="console-step console-step--wide console-settings" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="rates" />
        <label htmlFor="lines">Add or change rates</label>
        <textarea
          id="lines"
          name="lines"
          rows={6}
          defaultValue={pasted}
          placeholder={"400703, 49, 29, 0\n400001, 99"}
          aria-describedby="lines-hint"
          spellCheck={false}
        />
        <p id="lines-hint" className="muted">
          One pincode a line with its three rates in rupees, or one rate for all three: "400703, 49, 29, 0". Paste
          columns from a spreadsheet as they are; up to {MAX_RATE_LINES} lines at once.
        </p>
        <button type="submit" className="button" disabled={busy}>
          Save rates
        </button>
      </Form>
      {problems.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>Lines to fix</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">What it says</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((problem) => (
                <tr key={problem.line}>
                  <td data-label="Line">{problem.line}</td>
                  <td data-label="What it says">{problem.text}</td>
                  <td data-label="Problem">{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <form method="get" className="console-filters">
        <label htmlFor="from">Find a pincode</label>
        <input id="from" name="from" inputMode="numeric" maxLength={6} defaultValue={from} />
        <button type="submit" className="button secondary">
          Find
        </button>
      </form>
      {rates.length === 0 ? (
        <p className="muted">{from ? `No pincodes from ${from} on.` : "No pincodes yet."}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Pincodes and their rates</caption>
            <thead>
              <tr>
                <th scope="col">Pincode</th>
                <th scope="col">Place</th>
                <th scope="col">Up to ₹999</th>
                <th scope="col">₹1,000 to ₹4,999</th>
                <th scope="col">₹5,000 and above</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.map((rate) => (
                <tr key={rate.pincode}>
                  <td data-label="Pincode">{rate.pincode}</td>
                  <td data-label="Place">{rate.place || "—"}</td>
                  <td data-label="Up to ₹999">{money(rate.rateUpTo999)}</td>
                  <td data-label="₹1,000 to ₹4,999">{money(rate.rate1000To4999)}</td>
                  <td data-label="₹5,000 and above">{money(rate.rateFrom5000)}</td>
                  <td data-label="Remove">
                    <Form method="post">
                      <input type="hidden" name={CSRF_FIELD} value={csrf} />
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="pincode" value={rate.pincode} />
                      <button type="submit" className="text-button" disabled={busy}>
                        Remove {rate.pincode}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link className="button secondary" to={`/admin/delivery?from=${next}`}>
            Next pincodes
          </Link>
        </p>
      ) : null}
    </>
  );
}
