import { data, Form, Link } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { describedBy, Field, fieldErrors } from "../../components/console/field";
import { lineLabel } from "../../modules/checkout/quote";
import { answerQuote, readQuote } from "../../modules/console/quotes.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { indianDate } from "../../modules/india/dates";
import { formatINR } from "../../modules/money/format";
import {
  MAX_QUOTE_MESSAGE,
  QUOTE_STATE_LABELS,
  quoteState,
  quoteTotals,
  readQuoteAnswer,
} from "../../modules/quotes/rules";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.quote.reference ?? "Quote"} · Quotes · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rupees as the form shows them back: "240", "239.5" → "239.50". */
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const quote = await readQuote(context.db, requireStore(context).id, params.id);
  if (!quote) throw new Response("That quote is not in this store.", { status: 404 });
  const state = quoteState(quote);
  const answer = quote.answer;
  const totals = answer ? quoteTotals(quote.lines, answer) : null;
  const a = quote.address;
  return {
    csrf: context.csrf,
    quote: {
      id: quote.id,
      reference: quote.reference,
      state,
      stateLabel: QUOTE_STATE_LABELS[state],
      version: quote.version,
      open: quote.status === "requested" || quote.status === "answered",
      why:
        quote.reason === "not-serviceable"
          ? `Pincode ${quote.pincode} is not in your delivery list.`
          : "The cart reached your amount for quotes.",
      customer: [a.firstName, a.lastName].filter(Boolean).join(" "),
      contact: [
        `Phone ${quote.phone}`,
        quote.email ? `Email ${quote.email}` : "",
        [a.companyName, a.gstNumber && `GSTIN ${a.gstNumber}`].filter(Boolean).join(", "),
        [a.address, a.apartment, a.landmark].filter(Boolean).join(", "),
        `${a.city}, ${a.state} ${a.pin}`,
      ].filter(Boolean),
      note: quote.note,
      asked: indianDate(quote.createdAt),
      orderId: quote.orderId,
      orderNumber: quote.orderNumber,
      lines: quote.lines.map((line, index) => ({
        name: lineLabel(line.name, line.size, line.setSizes),
        sku: line.sku,
        qty: line.qty,
        listUnitPrice: line.listUnitPrice,
        price: answer ? rupeesText(answer.unitPrices[index] ?? 0) : rupeesText(line.listUnitPrice),
        total: totals?.lines[index]?.total ?? null,
      })),
      delivery: answer ? rupeesText(answer.delivery) : "",
      expires: quote.expiresAt
        ? indianDate(new Date(quote.expiresAt.getTime() - 1))
        : indianDate(new Date(Date.now() + 7 * DAY_MS)),
      message: answer?.message ?? "",
      grandTotal: totals?.grandTotal ?? null,
    },
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const read = await readFormBody(request, 64 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const quote = await readQuote(context.db, requireStore(context).id, params.id);
  if (!quote) return data({ error: "That quote is not in this store." }, { status: 404 });
  const fields: Record<string, string> = {};
  for (const [name, value] of read.form) if (typeof value === "string") fields[name] = value;
  const answer = readQuoteAnswer(fields, quote.lines.length);
  if (!answer.ok) {
    return data(
      { error: "Check the fields marked below: nothing is sent yet.", fields: answer.fields },
      { status: 422 },
    );
  }
  const version = Number(fields.version);
  const saved = await answerQuote(context.db, { member, ip: context.clientIp }, quote.id, version, answer.answer);
  if (!saved.ok) return data({ error: saved.error }, { status: saved.status });
  return { notice: `Answer sent. ${quote.reference} waits for the customer to accept it.` };
}

/** /admin/quotes/{id}: one request for a quote, and the answer: a price per line, delivery, expiry and a message. */
export default function QuoteAnswer({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, quote } = loaderData;
  const errors = fieldErrors(actionData);
  return (
    <>
      <p>
        <Link to="/admin/quotes">← Quotes</Link>
      </p>
      <h1>Quote {quote.reference}</h1>
      <p className="muted">
        {quote.stateLabel} · asked on {quote.asked} · {quote.why}
      </p>
      <ActionMessage answer={actionData} />
      {quote.orderId ? (
        <p>
          Accepted: order <Link to={`/admin/orders/${quote.orderId}`}>{quote.orderNumber ?? "placed"}</Link>
        </p>
      ) : null}
      <h2>{quote.customer || "Customer"}</h2>
      {quote.contact.map((line) => (
        <p key={line} className="console-long-text">
          {line}
        </p>
      ))}
      {quote.note ? (
        <p>
          <strong>Their note:</strong> {quote.note}
        </p>
      ) : null}
      <Form method="post" className="console-form console-settings console-step">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="version" value={quote.version} />
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Items asked for, and your price for each</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Listed at</th>
                <th scope="col">Your price each (₹)</th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line, index) => {
                const id = `price-${index}`;
                return (
                  <tr key={id}>
                    <td data-label="Item">
                      <span>
                        {line.name}
                        {line.sku ? <span className="muted"> · {line.sku}</span> : null}
                      </span>
                    </td>
                    <td data-label="Quantity">{line.qty}</td>
                    <td data-label="Listed at">{formatINR(line.listUnitPrice)}</td>
                    <td data-label="Your price each (₹)">
                      <input
                        id={id}
                        name={id}
                        inputMode="decimal"
                        defaultValue={line.price}
                        disabled={!quote.open}
                        aria-label={`Price of one ${line.name}, in rupees`}
                        aria-describedby={describedBy(errors, id)}
                        aria-invalid={errors[id] ? true : undefined}
                      />
                      {errors[id] ? (
                        <p id={`${id}-error`} className="field-error">
                          {errors[id]}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Field id="delivery" label="Delivery charge (₹)" hint="Empty or 0: free delivery." error={errors.delivery}>
          <input
            id="delivery"
            name="delivery"
            inputMode="decimal"
            defaultValue={quote.delivery}
            disabled={!quote.open}
            aria-describedby={describedBy(errors, "delivery", true)}
            aria-invalid={errors.delivery ? true : undefined}
          />
        </Field>
        <Field id="expires" label="Valid until" hint="The last day the customer may accept it." error={errors.expires}>
          <input
            id="expires"
            name="expires"
            type="date"
            defaultValue={quote.expires}
            disabled={!quote.open}
            aria-describedby={describedBy(errors, "expires", true)}
            aria-invalid={errors.expires ? true : undefined}
          />
        </Field>
        <Field id="message" label="Message to the customer" error={errors.message}>
          <textarea
            id="message"
            name="message"
            rows={3}
            maxLength={MAX_QUOTE_MESSAGE}
            defaultValue={quote.message}
            disabled={!quote.open}
            aria-describedby={describedBy(errors, "message")}
            aria-invalid={errors.message ? true : undefined}
          />
        </Field>
        {quote.grandTotal !== null ? (
          <p>
            Quoted total, with delivery: <strong>{formatINR(quote.grandTotal)}</strong>
          </p>
        ) : null}
        {quote.open ? (
          <button type="submit" className="button">
            {quote.state === "requested" ? "Send answer" : "Send new answer"}
          </button>
        ) : null}
      </Form>
    </>
  );
}
