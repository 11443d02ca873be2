import { useEffect } from "react";
import { Form, Link, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import { OrderCodeForm } from "../components/order-code-form";
import { TaxDocuments } from "../components/tax-documents";
import { ProductImage } from "../components/ui/product-image";
import { useHydrated } from "../components/ui/use-hydrated";
import { ACCOUNT_MESSAGES, orderCodeSchema } from "../modules/accounts/schema";
import { smsProvider } from "../modules/accounts/sms.server";
import { readLastOrderId, saveLastOrderId } from "../modules/checkout/client";
import { readFormBody } from "../modules/http/json.server";
import { formatINR } from "../modules/money/format";
import { tokenFor } from "../modules/orders/access.server";
import { confirmOrderByCode, ORDER_CODE_MESSAGES, sendOrderCode } from "../modules/orders/cod-code.server";
import { loadOrderView, type OrderStatusView, type OrderView } from "../modules/orders/order-view.server";
import {
  ORDER_PAGE_MESSAGES,
  pollInterval,
  STATUS_HEADINGS,
  statusActions,
  statusTone,
} from "../modules/orders/thank-you";
import { clearCartOnceFor } from "../modules/payments/client";
import { PAYMENT_MESSAGES } from "../modules/payments/gateway";
import { startPayment } from "../modules/payments/payments.server";
import { paymentSetup } from "../modules/payments/setup.server";
import type { PaymentStatus } from "../modules/payments/status";
import { secureCookies } from "../modules/security/cookies.server";
import { CSRF_FIELD, readCsrfCookie } from "../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../modules/security/csrf.server";
import { siteOrigin } from "../modules/store/origin.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/thank-you";

export function meta() {
  return [{ title: "Your order" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const orderId = url.searchParams.get("orderId") ?? url.searchParams.get("order_id");
  const queryStatus = url.searchParams.get("status");
  if (!orderId) return { state: "missing" as const };
  try {
    const order = await loadOrderView(context.db, store.id, orderId, {
      accessToken: tokenFor(request.headers.get("cookie"), orderId.toLowerCase(), secureCookies(context.env)),
      queryStatus,
    });
    if (!order) return { state: "not-found" as const };
    // The anti-forgery token for the Try Again form (a plain form: it works before scripts load).
    return { state: "found" as const, order, csrf: context.csrf };
  } catch (error) {
    context.log.error("order page failed", { error, orderId });
    return { state: "error" as const };
  }
}

/**
 * The page's forms, only for the browser that placed the order: Try Again on a failed online
 * payment (a new payment attempt for the same order, never a new order, then on to the
 * gateway's payment page), and a waiting COD order's code (confirm, or send it again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const read = await readFormBody(request);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return { error: FORBIDDEN_MESSAGE };
  const orderId = String(form.get("orderId") ?? "").toLowerCase();
  const view = await loadOrderView(context.db, store.id, orderId, {
    accessToken: tokenFor(request.headers.get("cookie"), orderId, secureCookies(context.env)),
  });
  if (view?.access !== "full") return { error: ORDER_PAGE_MESSAGES.notFound };
  const intent = form.get("intent");
  if (intent === "confirm-code" || intent === "resend-code") {
    const deps = { db: context.db, sms: smsProvider(context), log: context.log };
    if (intent === "resend-code") {
      const sent = await sendOrderCode(deps, store, orderId, context.clientIp);
      return sent.ok
        ? { notice: ORDER_CODE_MESSAGES.sent(view.awaitingCode?.phoneHint ?? "your phone") }
        : { error: sent.error };
    }
    const code = orderCodeSchema.safeParse(form.get("code"));
    if (!code.success) return { error: code.error.issues[0]?.message ?? ACCOUNT_MESSAGES.code };
    const confirmed = await confirmOrderByCode(deps, store.id, orderId, code.data, context.clientIp);
    if (!confirmed.ok) return { error: confirmed.error };
    context.log.info("order confirmed by code", { orderNumber: view.orderNumber });
    return { notice: ORDER_CODE_MESSAGES.confirmed };
  }
  const origin = siteOrigin(request, context.env);
  const setup = paymentSetup(context, origin);
  if (!setup) return { error: PAYMENT_MESSAGES.startFailed };
  const started = await startPayment(setup.payments, store.id, orderId, {
    returnUrl: `${origin}/payment-return?orderId=${orderId}`,
    source: "retry",
  });
  if (!started.ok) return { error: started.error };
  context.log.info("payment retried", { orderNumber: view.orderNumber });
  return redirect(started.paymentLink, 303);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const timeOfDay = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });

const dateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/**
 * /thank-you (spec section 2): the heading for the order's payment status, the order panel,
 * and the buttons per status. The page keeps asking for the order while it is open, so a
 * later change (payment confirmed, order refunded) shows without a reload.
 */
export default function ThankYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const order = loaderData.state === "found" ? loaderData.order : null;
  const hydrated = useHydrated();
  // Without an id in the address the page looks for this browser's last order before saying it is missing.
  const lookingForLast = loaderData.state === "missing" && hydrated && readLastOrderId() !== null;

  // No id in the address: fall back to the last order this browser placed.
  useEffect(() => {
    if (loaderData.state !== "missing") return;
    const last = readLastOrderId();
    if (last) navigate(`/thank-you?orderId=${encodeURIComponent(last)}`, { replace: true });
  }, [loaderData.state, navigate]);

  useEffect(() => {
    if (order?.access === "full") saveLastOrderId(order.id);
  }, [order?.access, order?.id]);

  // The cart is cleared once, when this browser first sees its online order paid.
  const paidOnline = order?.access === "full" && order.paymentMethod === "ONLINE" && order.paymentStatus === "paid";
  useEffect(() => {
    if (paidOnline && order) clearCartOnceFor(order.id);
  }, [paidOnline, order]);

  // Follow the order live.
  const interval = order ? pollInterval(order.paymentStatus, order.paymentMethod) : null;
  useEffect(() => {
    if (interval === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, interval);
    return () => clearInterval(timer);
  }, [interval, revalidator]);

  if (lookingForLast || (navigation.state === "loading" && navigation.location.pathname === "/thank-you" && !order)) {
    return <OrderSkeleton />;
  }

  if (!order) {
    const message =
      loaderData.state === "missing"
        ? ORDER_PAGE_MESSAGES.missing
        : loaderData.state === "not-found"
          ? ORDER_PAGE_MESSAGES.notFound
          : ORDER_PAGE_MESSAGES.failed;
    return (
      <section className="thank-you narrow">
        <h1>{STATUS_HEADINGS.unknown}</h1>
        <p className="alert alert--error" role="alert">
          {message}
        </p>
        <Actions status="unknown" />
      </section>
    );
  }

  return (
    <section className="thank-you">
      <header className="thank-you__head">
        <h1>{STATUS_HEADINGS[order.paymentStatus]}</h1>
        <Lead order={order} />
      </header>
      {actionData && "error" in actionData && actionData.error ? (
        <p className="alert alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {actionData && "notice" in actionData && actionData.notice ? (
        <p className="alert alert--success" role="status">
          {actionData.notice}
        </p>
      ) : null}
      {order.access === "full" && order.awaitingCode && loaderData.state === "found" ? (
        <OrderCodeForm orderId={order.id} awaiting={order.awaitingCode} csrf={loaderData.csrf} />
      ) : null}
      {order.access === "full" ? <OrderPanel order={order} /> : <StatusPanel order={order} />}
      <Actions
        status={order.paymentStatus}
        retry={
          order.access === "full" && order.paymentMethod === "ONLINE" && loaderData.state === "found"
            ? { orderId: order.id, csrf: loaderData.csrf }
            : null
        }
      />
    </section>
  );
}

function Lead({ order }: { order: OrderView | OrderStatusView }) {
  if (order.access === "full" && order.awaitingCode) {
    return (
      <p className="lead">
        Order <strong>#{order.orderNumber}</strong> waits for your confirmation: until then it is not packed, and it is
        cancelled at {timeOfDay.format(new Date(order.awaitingCode.until))} if not confirmed.
      </p>
    );
  }
  if (order.paymentMethod === "COD" && order.status === "Cancelled") {
    return (
      <p className="lead">
        Order <strong>#{order.orderNumber}</strong> is cancelled: it was not confirmed in time. Nothing is owed.
      </p>
    );
  }
  if (order.paymentMethod === "COD" && order.paymentStatus === "pending") {
    return (
      <p className="lead">
        Thank you! Order <strong>#{order.orderNumber}</strong> is placed.
        {order.access === "full" ? (
          <>
            {" "}
            Please pay <strong>{formatINR(order.grandTotal)}</strong> in cash or UPI when it is delivered.
          </>
        ) : null}
      </p>
    );
  }
  const lead: Record<PaymentStatus, string> = {
    paid: "Thank you! Your payment is received and your order is confirmed.",
    pending: "We are confirming your payment with the bank. This page updates by itself.",
    failed: "Your payment did not go through. No money was taken; you can try again.",
    refunded: "This order's payment has been refunded to the original payment method.",
    voided: "This order's payment was cancelled before it was taken.",
    unknown: "We could not confirm this order's payment yet. This page updates by itself.",
  };
  return (
    <p className="lead">
      Order <strong>#{order.orderNumber}</strong>. {lead[order.paymentStatus]}
    </p>
  );
}

function StatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{status}</span>;
}

function StatusPanel({ order }: { order: OrderStatusView }) {
  return (
    <div className="panel order-panel">
      <dl className="order-facts">
        <dt>Order</dt>
        <dd>#{order.orderNumber}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={order.paymentStatus} />
        </dd>
        <dt>Placed</dt>
        <dd>{dateTime.format(new Date(order.createdAt))}</dd>
      </dl>
      <p className="muted small">Order details are shown only in the browser that placed the order.</p>
    </div>
  );
}

function OrderPanel({ order }: { order: OrderView }) {
  const c = order.customer;
  const name = [c.firstName, c.lastName].filter(Boolean).join(" ");
  return (
    <section className="panel order-panel" aria-labelledby="order-heading">
      <div className="order-panel__top">
        <h2 id="order-heading">Order #{order.orderNumber}</h2>
        <StatusBadge status={order.paymentStatus} />
      </div>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.name}|${item.selectedSize ?? ""}`}>
            <span className="summary-items__thumb">
              <ProductImage src={item.photo} alt="" sizes="56px" size={56} thumbnail />
              <span className="qty-badge">
                <span className="visually-hidden">Quantity </span>
                {item.quantity}
              </span>
            </span>
            <span className="order-items__name">
              {item.name}
              {item.selectedSize ? <span className="muted"> · {item.selectedSize}</span> : null}
              <span className="muted small">
                {" "}
                {item.quantity} × {formatINR(item.unitPrice)}
              </span>
            </span>
            <span>{formatINR(item.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{formatINR(order.subtotal)}</dd>
        <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
        <dd>{order.discount > 0 ? `−${formatINR(order.discount)}` : formatINR(0)}</dd>
        <dt>
          Shipping <span className="muted small">· {order.shippingType}</span>
        </dt>
        <dd>{order.shipping === 0 ? "Free" : formatINR(order.shipping)}</dd>
        <dt className="totals__grand">Grand total</dt>
        <dd className="totals__grand">{formatINR(order.grandTotal)}</dd>
      </dl>
      <div className="order-panel__details">
        <section>
          <h3>Customer</h3>
          <p>
            {name}
            <br />
            {c.phone ? `+91 ${c.phone}` : null}
            {c.email ? (
              <>
                <br />
                {c.email}
              </>
            ) : null}
            {c.companyName ? (
              <>
                <br />
                {c.companyName}
              </>
            ) : null}
            {c.gstNumber ? (
              <>
                <br />
                GSTIN {c.gstNumber}
              </>
            ) : null}
          </p>
        </section>
        <section>
          <h3>Shipping to</h3>
          <p>
            {c.address}
            {c.apartment ? `, ${c.apartment}` : ""}
            <br />
            {c.landmark ? (
              <>
                {c.landmark}
                <br />
              </>
            ) : null}
            {c.city}, {c.state} {c.pin}
          </p>
        </section>
        <section>
          <h3>Order</h3>
          <dl className="order-facts">
            <dt>Status</dt>
            <dd>
              {order.status}
              {order.shipment ? ` with ${order.shipment}` : ""}
            </dd>
            <dt>Channel</dt>
            <dd>{order.channel}</dd>
            <dt>Payment method</dt>
            <dd>{order.paymentMethod === "COD" ? "Cash on Delivery" : "Online"}</dd>
            <dt>Placed</dt>
            <dd>{dateTime.format(new Date(order.createdAt))}</dd>
            <dt>Paid</dt>
            <dd>{order.paidAt ? dateTime.format(new Date(order.paidAt)) : "Not yet"}</dd>
            <dt>Tax invoice</dt>
            <dd>
              {order.invoiceNumber ? (
                <TaxDocuments orderId={order.id} invoiceNumber={order.invoiceNumber} creditNotes={order.creditNotes} />
              ) : (
                "Not issued yet"
              )}
            </dd>
          </dl>
        </section>
      </div>
    </section>
  );
}

/**
 * The buttons for the status. Try Again on a failed online payment pays the same order again
 * (a form, so it works before scripts load); elsewhere it goes back to checkout.
 */
function Actions({
  status,
  retry = null,
}: {
  status: PaymentStatus;
  retry?: { orderId: string; csrf: string } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="actions">
      {statusActions(status).map((a) =>
        a.label === "Try Again" && retry ? (
          <Form key={a.label} method="post" reloadDocument className="inline-form">
            <input type="hidden" name="orderId" value={retry.orderId} />
            <CsrfField fallback={retry.csrf} />
            <button type="submit" className="button" disabled={busy}>
              {a.label}
            </button>
          </Form>
        ) : (
          <Link key={a.label} className={a.primary ? "button" : "button secondary"} to={a.to}>
            {a.label}
          </Link>
        ),
      )}
    </div>
  );
}

/** The anti-forgery token as a hidden field: the server's copy, or the cookie's once scripts run. */
function CsrfField({ fallback }: { fallback: string }) {
  const hydrated = useHydrated();
  const value = (hydrated ? readCsrfCookie(document.cookie) : null) ?? fallback;
  return <input type="hidden" name={CSRF_FIELD} value={value} />;
}

function OrderSkeleton() {
  return (
    <section className="thank-you" aria-busy="true" aria-label="Loading your order">
      <div className="skeleton skeleton--heading" />
      <div className="panel">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
      </div>
    </section>
  );
}
