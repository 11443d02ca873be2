import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { ProductImage } from "../components/ui/product-image";
import { signedInCustomer } from "../modules/accounts/request.server";
import { smsProvider } from "../modules/accounts/sms.server";
import { lineLabel } from "../modules/checkout/quote";
import { readFormBody } from "../modules/http/json.server";
import { formatINR } from "../modules/money/format";
import { orderAccessCookie } from "../modules/orders/access.server";
import { sendOrderCode } from "../modules/orders/cod-code.server";
import { PAYMENT_START_MESSAGES, startPayment } from "../modules/payments/payments.server";
import { paymentSetup } from "../modules/payments/setup.server";
import { acceptQuote, declineQuote, findQuote, type QuoteAccess } from "../modules/quotes/accept.server";
import {
  dayText,
  lastDayText,
  QUOTE_MESSAGES,
  QUOTE_STATE_LABELS,
  quoteState,
  quoteTotals,
} from "../modules/quotes/rules";
import { secureCookies } from "../modules/security/cookies.server";
import { CSRF_FIELD } from "../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../modules/security/csrf.server";
import { siteOrigin } from "../modules/store/origin.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/quote";

export function meta() {
  return [{ title: "Your quote" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // The link's key is in the address: never kept by a cache, never sent on to another site.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

async function accessOf(
  request: Request,
  context: Route.LoaderArgs["context"],
  key: string | null,
): Promise<QuoteAccess> {
  const customer = await signedInCustomer(request, context, requireStore(context));
  return { customerId: customer?.id ?? null, phone: customer?.phone ?? null, key: key || null };
}

/**
 * /quotes/{id}?key=... (issue 59): a request for a quote as its customer sees it: the lines
 * asked for, and once the shop has answered, each line's quoted price, the delivery charge,
 * the total and until when it holds, with Accept (which places the order at those prices) and
 * Decline. Only its customer, or whoever holds its link, may open it.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const store = requireStore(context);
  const quote = await findQuote(
    context.db,
    store.id,
    params.id,
    await accessOf(request, context, url.searchParams.get("key")),
  );
  if (!quote) throw data(QUOTE_MESSAGES.notFound, { status: 404 });
  const state = quoteState(quote);
  const answer = quote.answer;
  const totals = answer ? quoteTotals(quote.lines, answer) : null;
  return {
    csrf: context.csrf,
    key: url.searchParams.get("key") ?? "",
    reference: quote.reference,
    state,
    stateLabel: QUOTE_STATE_LABELS[state],
    requestedOn: dayText(quote.createdAt),
    lastDay: quote.expiresAt ? lastDayText(quote.expiresAt) : null,
    note: quote.note,
    byEmail: Boolean(quote.email),
    message: answer?.message ?? "",
    deliverTo: [quote.address.companyName, quote.address.address, `${quote.address.city} ${quote.pincode}`]
      .filter(Boolean)
      .join(", "),
    lines: quote.lines.map((line, index) => ({
      name: lineLabel(line.name, line.size, line.setSizes),
      photo: line.photo,
      qty: line.qty,
      unitPrice: totals?.lines[index]?.unitPrice ?? null,
      total: totals?.lines[index]?.total ?? null,
    })),
    totals: totals ? { subtotal: totals.subtotal, delivery: totals.delivery, grandTotal: totals.grandTotal } : null,
    onlinePayment: context.env.PAYMENT_GATEWAY !== "none",
    orderLink: quote.orderId ? `/thank-you?orderId=${quote.orderId}` : null,
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const store = requireStore(context);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const typedKey = read.form.get("key");
  const access = await accessOf(
    request,
    context,
    url.searchParams.get("key") ?? (typeof typedKey === "string" ? typedKey : null),
  );
  if (read.form.get("intent") === "decline") {
    const declined = await declineQuote(context.db, store.id, params.id, access);
    if (!declined.ok) return data({ error: declined.error }, { status: declined.status });
    context.log.info("quote declined", { quoteId: params.id });
    return { notice: "You declined this quote. The shop is not asked again; send a new request any time." };
  }
  const method = read.form.get("paymentMethod") === "ONLINE" ? "ONLINE" : "COD";
  const origin = siteOrigin(request, context.env);
  const setup = method === "ONLINE" ? paymentSetup(context, origin) : null;
  if (method === "ONLINE" && !setup) {
    return data(
      { error: "Online payment is not available in this store. Please choose Cash on Delivery." },
      { status: 422 },
    );
  }
  const outcome = await acceptQuote(context.db, store, params.id, access, method);
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  const order = outcome.order;
  context.log.info("quote accepted", { quoteId: params.id, orderNumber: order.orderNumber, total: order.grandTotal });
  if (order.confirmBy) {
    const sent = await sendOrderCode(
      { db: context.db, sms: smsProvider(context), log: context.log },
      store,
      order.orderId,
      context.clientIp,
    );
    if (!sent.ok) context.log.warn("order code not sent", { orderNumber: order.orderNumber, error: sent.error });
  }
  const headers = {
    "Set-Cookie": orderAccessCookie(
      request.headers.get("cookie"),
      { orderId: order.orderId, token: order.accessToken },
      secureCookies(context.env),
    ),
  };
  const thankYou = `/thank-you?orderId=${order.orderId}`;
  if (!setup) return redirect(thankYou, { headers });
  const payment = await startPayment(setup.payments, store.id, order.orderId, {
    returnUrl: `${origin}/payment-return?orderId=${order.orderId}`,
    source: "checkout",
  });
  // The gateway's page is a whole document (the sandbox's is on this site): load it, not a route.
  if (payment.ok) return redirectDocument(payment.paymentLink, { headers });
  if (payment.error === PAYMENT_START_MESSAGES.alreadyPaid) return redirect(thankYou, { headers });
  // The order waits, unpaid: its page offers Try Again.
  return redirect(thankYou, { headers });
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const quote = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const answered = quote.state === "answered";
  return (
    <section className="quote-page narrow-wide">
      <p className="muted">
        Quote <strong>{quote.reference}</strong> · asked on {quote.requestedOn}
      </p>
      <h1>{quote.state === "requested" ? QUOTE_MESSAGES.requested : `Quote ${quote.stateLabel.toLowerCase()}`}</h1>
      {quote.state === "requested" ? (
        <p role="status">
          Your reference is <strong>{quote.reference}</strong>. The shop will answer with its prices, the delivery
          charge and how long they hold; we will tell you by SMS{quote.byEmail ? " and email" : ""} when it does. Keep
          this page's link to come back to it.
        </p>
      ) : null}
      {answered && quote.lastDay ? (
        <p>
          These prices hold until the end of <strong>{quote.lastDay}</strong>. Accept to place the order at exactly
          these prices.
        </p>
      ) : null}
      {quote.state === "expired" ? <p role="status">{QUOTE_MESSAGES.expired}</p> : null}
      {quote.state === "accepted" && quote.orderLink ? (
        <p role="status">
          You accepted this quote. <Link to={quote.orderLink}>See the order</Link>
        </p>
      ) : null}
      {quote.state === "declined" ? <p role="status">{QUOTE_MESSAGES.declined}</p> : null}
      {actionData && "error" in actionData ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {actionData && "notice" in actionData ? <p role="status">{actionData.notice}</p> : null}
      {quote.message ? (
        <blockquote className="quote-message">
          <p className="muted small">From the shop</p>
          <p>{quote.message}</p>
        </blockquote>
      ) : null}
      <ul className="quote-lines" aria-label="Items in the quote">
        {quote.lines.map((line) => (
          <li key={line.name} className="quote-line">
            <ProductImage src={line.photo} alt="" sizes="56px" size={56} thumbnail className="quote-line__image" />
            <span className="quote-line__name">
              {line.name} <span className="muted">× {line.qty}</span>
            </span>
            <span className="quote-line__price">
              {line.unitPrice === null ? (
                <span className="muted">Price to come</span>
              ) : (
                <>
                  <span className="muted small">{formatINR(line.unitPrice)} each</span> {formatINR(line.total ?? 0)}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {quote.totals ? (
        <dl className="totals">
          <dt>Items</dt>
          <dd>{formatINR(quote.totals.subtotal)}</dd>
          <dt>Delivery</dt>
          <dd>{quote.totals.delivery > 0 ? formatINR(quote.totals.delivery) : "Free"}</dd>
          <dt className="totals__grand">Quoted total</dt>
          <dd className="totals__grand">{formatINR(quote.totals.grandTotal)}</dd>
        </dl>
      ) : null}
      <p className="muted small">Deliver to: {quote.deliverTo}</p>
      {quote.note ? <p className="muted small">Your note: {quote.note}</p> : null}
      {answered ? (
        <Form method="post" className="quote-accept">
          <input type="hidden" name={CSRF_FIELD} value={quote.csrf} />
          <input type="hidden" name="key" value={quote.key} />
          <fieldset>
            <legend>Pay by</legend>
            <label>
              <input type="radio" name="paymentMethod" value="COD" defaultChecked /> Cash on Delivery
            </label>
            {quote.onlinePayment ? (
              <label>
                <input type="radio" name="paymentMethod" value="ONLINE" /> Pay Online
              </label>
            ) : null}
          </fieldset>
          <p className="actions">
            <button type="submit" name="intent" value="accept" className="button" disabled={busy}>
              Accept and place order
            </button>{" "}
            <button type="submit" name="intent" value="decline" className="button secondary" disabled={busy}>
              Decline
            </button>
          </p>
        </Form>
      ) : quote.state === "requested" ? (
        <Form method="post">
          <input type="hidden" name={CSRF_FIELD} value={quote.csrf} />
          <input type="hidden" name="key" value={quote.key} />
          <button type="submit" name="intent" value="decline" className="link-button" disabled={busy}>
            Withdraw this request
          </button>
        </Form>
      ) : (
        <p>
          <Link className="button" to="/products">
            Continue Shopping
          </Link>
        </p>
      )}
    </section>
  );
}
