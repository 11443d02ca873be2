import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { OrderSummary } from "../../modules/accounts/account.server";
import { accountApi } from "../../modules/accounts/client";
import { ACCOUNT_MESSAGES, PHONE_PREFIX } from "../../modules/accounts/schema";
import type { QuotedLine } from "../../modules/checkout/quote";
import { createList, putInCart } from "../../modules/lists/client";
import { formatINR } from "../../modules/money/format";
import type { OrderView } from "../../modules/orders/order-view.server";
import { statusTone } from "../../modules/orders/thank-you";
import { TaxDocuments } from "../tax-documents";
import { ProductImage } from "../ui/product-image";

/** An order as the account's window shows it: a guest's order comes without its delivery details (ADR 0052). */
type AccountOrder = Omit<OrderView, "customer"> & { customer: OrderView["customer"] | null };
const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** "Order history" (spec section 7): each order with its status, its window, and reorder. */
export function OrderHistory({ orders }: { orders: OrderSummary[] | null }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<OrderSummary | null>(null);
  return (
    <section className="panel" aria-labelledby="orders-heading">
      <div className="order-panel__top">
        <h2 id="orders-heading">Order History</h2>
        <button type="button" className="button secondary" onClick={() => revalidator.revalidate()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        Ordering many products at once? <Link to="/quick-order">Quick order</Link> takes SKUs or names with quantities,
        or lines pasted from a spreadsheet.
      </p>
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
              <button type="button" className="order-history__item" onClick={() => setOpen(o)}>
                <span className="summary-items__thumb">
                  {o.firstPhoto ? (
                    <ProductImage src={o.firstPhoto} alt="" sizes="56px" size={56} thumbnail />
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
      {open ? <OrderDetail orderId={open.id} orderNumber={open.orderNumber} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function OrderDetail({ orderId, orderNumber, onClose }: { orderId: string; orderNumber: string; onClose: () => void }) {
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
    putInCart(result.data.lines);
    const left = result.data.leftOut.length > 0 ? ` Not added: ${result.data.leftOut.join(", ")}.` : "";
    setMessage({ text: `${ACCOUNT_MESSAGES.reorderDone}${left}`, tone: "success" });
  }

  const c = order?.customer;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="order-detail-heading" onClose={onClose}>
      <div className="modal__panel">
        <h2 id="order-detail-heading">Order #{orderNumber}</h2>
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
            {c && order.invoiceNumber ? (
              <p>
                <TaxDocuments orderId={order.id} invoiceNumber={order.invoiceNumber} creditNotes={order.creditNotes} />
              </p>
            ) : null}
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
          <SaveOrderAsList orderId={orderId} orderNumber={orderNumber} disabled={!order} onSaved={setMessage} />
          <Link className="button secondary" to="/cart">
            Go to cart
          </Link>
        </div>
      </div>
    </dialog>
  );
}

/** "Save as a list" (issue 59): the order's products and quantities kept under a name, to order again. */
function SaveOrderAsList({
  orderId,
  orderNumber,
  disabled,
  onSaved,
}: {
  orderId: string;
  orderNumber: string;
  disabled: boolean;
  onSaved: (message: { text: string; tone: "success" | "error" }) => void;
}) {
  const revalidator = useRevalidator();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState(`Order #${orderNumber}`);
  if (!naming) {
    return (
      <button type="button" className="button secondary" disabled={disabled} onClick={() => setNaming(true)}>
        Save as a list
      </button>
    );
  }
  return (
    <form
      className="save-list"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await createList({ name, orderId });
        if (result.ok) {
          onSaved({ text: `Saved as ${result.list.name}. Find it under My lists.`, tone: "success" });
          setNaming(false);
          revalidator.revalidate();
        } else onSaved({ text: result.error, tone: "error" });
      }}
    >
      <label htmlFor="order-list-name">List name</label>
      <span className="inline-field">
        <input
          id="order-list-name"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" className="button">
          Save list
        </button>
      </span>
    </form>
  );
}
