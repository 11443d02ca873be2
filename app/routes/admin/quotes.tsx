import { data, Form, Link } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { describedBy, Field, fieldErrors } from "../../components/console/field";
import { listQuotes, saveQuoteAbove } from "../../modules/console/quotes.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { optionalRupees } from "../../modules/console/typed-values";
import { readFormBody } from "../../modules/http/json.server";
import { indianDate } from "../../modules/india/dates";
import { formatINR } from "../../modules/money/format";
import { QUOTE_FILTERS, QUOTE_STATE_LABELS, type QuoteFilter, quoteState } from "../../modules/quotes/rules";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = () => [{ title: "Quotes · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const FILTER_LABELS: Record<QuoteFilter, string> = {
  open: "To answer",
  answered: "Answered",
  expired: "Expired",
  accepted: "Accepted",
  declined: "Declined",
  all: "All",
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const asked = url.searchParams.get("show");
  const filter = QUOTE_FILTERS.find((value) => value === asked) ?? "open";
  const rows = await listQuotes(context.db, store.id, filter);
  return {
    csrf: context.csrf,
    owner: member.role === "owner",
    filter,
    quoteAbove: store.orderRules.quoteAbove,
    quotes: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      state: QUOTE_STATE_LABELS[quoteState(row)],
      customer:
        [row.address.firstName, row.address.lastName].filter(Boolean).join(" ") || row.address.companyName || row.phone,
      company: row.address.companyName,
      pincode: row.pincode,
      why: row.reason === "not-serviceable" ? "Pincode not served" : "Large order",
      items: row.lineCount,
      total: row.grandTotal === null ? "—" : formatINR(row.grandTotal),
      asked: indianDate(row.createdAt),
    })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, ["owner"]);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const typed = optionalRupees(
    String(read.form.get("quoteAbove") ?? ""),
    "Enter an amount in rupees, like 50000, or 0.",
  );
  if ("problem" in typed) {
    return data({ error: "Check the field marked below.", fields: { quoteAbove: typed.problem } }, { status: 422 });
  }
  const quoteAbove = typed.value ?? 0;
  await saveQuoteAbove(context.db, { member, ip: context.clientIp }, quoteAbove);
  return {
    notice:
      quoteAbove > 0
        ? `Carts from ${formatINR(quoteAbove)} may ask for a quote at checkout.`
        : "Only carts for a pincode you do not deliver to may ask for a quote.",
  };
}

/** /admin/quotes: requests for a quote, the ones waiting first, and (owners) from what amount a cart may ask. */
export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, owner, filter, quoteAbove, quotes } = loaderData;
  const errors = fieldErrors(actionData);
  return (
    <>
      <h1>Quotes</h1>
      <p className="muted">
        Shoppers ask for a quote when you do not deliver to their pincode, or for a large cart. Answer with your prices;
        they accept it to place the order at exactly those prices.
      </p>
      <ActionMessage answer={actionData} />
      <nav aria-label="Show quotes" className="console-tabs">
        {QUOTE_FILTERS.map((value) => (
          <Link key={value} to={`?show=${value}`} aria-current={value === filter ? "page" : undefined}>
            {FILTER_LABELS[value]}
          </Link>
        ))}
      </nav>
      {quotes.length === 0 ? (
        <p className="muted">No quotes here.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Quotes: {FILTER_LABELS[filter]}</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Customer</th>
                <th scope="col">Pincode</th>
                <th scope="col">Why</th>
                <th scope="col">Items</th>
                <th scope="col">Quoted</th>
                <th scope="col">State</th>
                <th scope="col">Asked</th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((quote) => (
                <tr key={quote.id}>
                  <td data-label="Reference">
                    <Link to={`/admin/quotes/${quote.id}`}>{quote.reference}</Link>
                  </td>
                  <td data-label="Customer">
                    {quote.customer}
                    {quote.company && quote.company !== quote.customer ? (
                      <span className="muted"> · {quote.company}</span>
                    ) : null}
                  </td>
                  <td data-label="Pincode">{quote.pincode}</td>
                  <td data-label="Why">{quote.why}</td>
                  <td data-label="Items">{quote.items}</td>
                  <td data-label="Quoted">{quote.total}</td>
                  <td data-label="State">{quote.state}</td>
                  <td data-label="Asked">{quote.asked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {owner ? (
        <Form method="post" className="console-form console-settings console-step">
          <h2>Quotes for large carts</h2>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <Field
            id="quoteAbove"
            label="Offer a quote for carts from (₹)"
            hint="0 offers quotes only where you do not deliver."
            error={errors.quoteAbove}
          >
            <input
              id="quoteAbove"
              name="quoteAbove"
              inputMode="decimal"
              defaultValue={String(quoteAbove / 100)}
              aria-describedby={describedBy(errors, "quoteAbove", true)}
              aria-invalid={errors.quoteAbove ? true : undefined}
            />
          </Field>
          <button type="submit" className="button">
            Save
          </button>
        </Form>
      ) : null}
    </>
  );
}
