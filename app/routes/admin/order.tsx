import { data, Link } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { DeliveryAddress } from "../../components/console/delivery-address";
import {
  AttemptsSection,
  AuditSection,
  EventsSection,
  MovementsSection,
  NotesSection,
  OtherOrdersSection,
  when,
} from "../../components/console/order-records";
import { OrderSteps } from "../../components/console/order-steps";
import { RefundPanel } from "../../components/console/refund-panel";
import { StockByHand } from "../../components/console/stock-by-hand";
import { addOrderNote, moveOrder, recordCashCollected } from "../../modules/console/fulfilment.server";
import { orderActionSchema } from "../../modules/console/order-actions";
import { loadConsoleOrder } from "../../modules/console/order-detail.server";
import { refundedTotal } from "../../modules/console/refund-rules";
import { listRefunds, refundOrder } from "../../modules/console/refunds.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { changeStockByHand } from "../../modules/console/stock.server";
import { nextStatuses } from "../../modules/console/transitions";
import { readFormBody } from "../../modules/http/json.server";
import { formatINR } from "../../modules/money/format";
import { paymentSetup } from "../../modules/payments/setup.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { siteOrigin } from "../../modules/store/origin.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Order #${data.order.orderNumber}` : "Order"} · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const order = await loadConsoleOrder(context.db, requireStore(context).id, params.id);
  if (!order) throw new Response("Order not found.", { status: 404 });
  const refunds = await listRefunds(context.db, order.id);
  return {
    order,
    refunds,
    refundable: order.paymentStatus === "paid" ? order.grandTotal - refundedTotal(refunds) : 0,
    csrf: context.csrf,
  };
}

/** The order's next step, or the cash collected: staff or owner; every field checked here. */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = orderActionSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 422 });
  const actor = { member, ip: context.clientIp };
  const input = parsed.data;
  const payments = paymentSetup(context, siteOrigin(request, context.env))?.payments ?? null;
  if (input.intent === "refund") {
    const refund = await refundOrder(context.db, payments, actor, {
      orderId: params.id,
      amount: Math.round(input.amount * 100),
      reason: input.reason,
      mode: input.mode,
      reference: input.reference,
    });
    if (!refund.ok) return data({ error: refund.error }, { status: refund.status });
    return { notice: `Refunded ${formatINR(refund.amount)}.` };
  }
  if (input.intent === "cancel-refund") {
    // The refund first, of all that is left, from the page's status: an order cancelled but not
    // refunded would be the worse half to be left with if the gateway refused.
    const refund = await refundOrder(context.db, payments, actor, {
      orderId: params.id,
      amount: "rest",
      seenStatus: input.seen,
      reason: "Order cancelled",
    });
    if (!refund.ok) return data({ error: refund.error }, { status: refund.status });
    const moved = await moveOrder(context.db, actor, {
      orderId: params.id,
      to: "Cancelled",
      seenStatus: input.seen,
      refunding: true,
    });
    if (!moved.ok) return data({ error: moved.error }, { status: moved.status });
    return { notice: `Order cancelled and ${formatINR(refund.amount)} refunded.` };
  }
  if (input.intent === "note") {
    const noted = await addOrderNote(context.db, actor, { orderId: params.id, body: input.body });
    if (!noted.ok) return data({ error: noted.error }, { status: noted.status });
    return { notice: "Note added." };
  }
  if (input.intent === "stock") {
    const changed = await changeStockByHand(context.db, actor, {
      productId: input.line.productId,
      size: input.line.size,
      change: input.change,
      note: input.note,
      orderId: params.id,
    });
    if (!changed.ok) return data({ error: changed.error }, { status: changed.status });
    return {
      notice: `Stock changed by ${input.change > 0 ? "+" : ""}${input.change}: ${changed.inventory} now in stock.`,
    };
  }
  if (input.intent === "cash") {
    const cash = await recordCashCollected(context.db, actor, {
      orderId: params.id,
      amount: Math.round(input.amount * 100),
      mode: input.mode,
    });
    if (!cash.ok) return data({ error: cash.error }, { status: cash.status });
    return { notice: cash.already ? "The cash was already recorded." : "Cash collected: the order is paid." };
  }
  const moved = await moveOrder(context.db, actor, {
    orderId: params.id,
    to: input.to,
    seenStatus: input.seen,
    shipment: { courier: input.courier, trackingNumber: input.trackingNumber },
  });
  if (!moved.ok) return data({ error: moved.error }, { status: moved.status });
  context.log.info("order moved", { orderId: params.id, to: moved.status, staff: member.email });
  return { notice: moved.already ? `Already ${moved.status}: someone did it a moment ago.` : `Order ${moved.status}.` };
}

/** /admin/orders/{id}: one order as the shop sees it, with its history. */
export default function ConsoleOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, csrf, refunds, refundable } = loaderData;
  const cash =
    order.paymentMethod === "COD" && order.status === "Delivered" && order.paymentStatus !== "paid"
      ? { amount: order.grandTotal }
      : null;
  return (
    <>
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <div className="console-heading">
        <h1>Order #{order.orderNumber}</h1>
        <a
          className="button secondary small"
          href={`/admin/orders/slips?id=${order.id}`}
          target="_blank"
          rel="noopener"
        >
          Print packing slip
        </a>
      </div>
      <ActionMessage answer={actionData} />
      <dl className="console-facts">
        <dt>Status</dt>
        <dd>
          {order.status}
          {order.awaitingCodeUntil ? (
            <span className="tag">Awaiting code until {when.format(new Date(order.awaitingCodeUntil))}</span>
          ) : null}
        </dd>
        <dt>Payment</dt>
        <dd>
          {order.paymentMethod === "COD" ? "Cash on Delivery" : "Online"} · {order.paymentStatus}
        </dd>
        <dt>Placed</dt>
        <dd>
          {when.format(new Date(order.createdAt))}
          {order.placedAsGuest ? " · as a guest" : " · signed in"}
        </dd>
        <dt>Tax documents</dt>
        <dd>
          {order.invoices.length === 0
            ? "Not issued yet"
            : order.invoices.map((document) => (
                <span key={document.id} className="console-invoice">
                  {document.kind === "invoice" ? "Invoice" : "Credit note"} {document.number} ·{" "}
                  {when.format(new Date(document.issuedAt))}
                  {document.kind === "credit-note" ? ` · ${formatINR(document.total)}` : null}
                  {" · "}
                  <a
                    href={`/admin/orders/${order.id}/invoice${document.kind === "invoice" ? "" : `?document=${document.id}`}`}
                    download
                  >
                    Download PDF
                  </a>
                  {" · "}
                  <a
                    href={`/admin/orders/${order.id}/invoice/print${document.kind === "invoice" ? "" : `?document=${document.id}`}`}
                  >
                    View and print
                  </a>
                </span>
              ))}
        </dd>
      </dl>
      {order.courier || order.trackingNumber ? (
        <p>
          Shipped with {order.courier || "a courier"}
          {order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ""}.
        </p>
      ) : null}
      <OrderSteps
        status={order.status}
        next={nextStatuses(order.status)}
        csrf={csrf}
        cash={cash}
        paidOnline={order.paymentMethod === "ONLINE" && order.paymentStatus === "paid" ? refundable : null}
      />
      <RefundPanel csrf={csrf} cod={order.paymentMethod === "COD"} refundable={refundable} refunds={refunds} />
      <section aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">SKU</th>
                <th scope="col">Qty</th>
                <th scope="col">Unit price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Item">
                    {item.name}
                    {item.size ? <span className="muted"> · {item.size}</span> : null}
                  </td>
                  <td data-label="SKU">{item.sku ?? "—"}</td>
                  <td data-label="Qty">{item.quantity}</td>
                  <td data-label="Unit price">{formatINR(item.unitPrice)}</td>
                  <td data-label="Total">{formatINR(item.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="console-facts">
          <dt>Subtotal</dt>
          <dd>{formatINR(order.subtotal)}</dd>
          <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
          <dd>{formatINR(order.discount)}</dd>
          <dt>Shipping</dt>
          <dd>{formatINR(order.shipping)}</dd>
          <dt>Grand total</dt>
          <dd>
            <strong>{formatINR(order.grandTotal)}</strong>
          </dd>
        </dl>
      </section>
      <StockByHand items={order.items} csrf={csrf} />
      <section aria-labelledby="order-customer">
        <h2 id="order-customer">Customer and delivery</h2>
        <p>
          <DeliveryAddress address={order.address} />
          <br />
          <a href={`tel:+91${order.phone}`}>+91 {order.phone}</a>
          {order.email ? (
            <>
              {" · "}
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </>
          ) : null}
        </p>
      </section>
      <NotesSection notes={order.notes} csrf={csrf} />
      <AttemptsSection attempts={order.attempts} />
      <MovementsSection movements={order.movements} />
      <AuditSection audit={order.audit} />
      <EventsSection events={order.events} />
      <OtherOrdersSection orders={order.otherOrders} phone={order.phone} customerId={order.customerId} />
    </>
  );
}
