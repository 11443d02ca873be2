import { Form, Link, redirect } from "react-router";
import { NewOrdersWatch } from "../../components/console/new-orders-watch";
import {
  atLeastLabel,
  COUNT_CAP,
  countLabel,
  filterParams,
  isNarrowed,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  readFilters,
} from "../../modules/console/order-filters";
import { listConsoleOrders, statusCounts } from "../../modules/console/orders.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { ORDER_STATUSES } from "../../modules/console/statuses";
import { formatINR } from "../../modules/money/format";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders";

const titleOf = (status: string | null) => `Orders${status ? ` · ${status}` : ""} · Console`;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: titleOf(data?.filters.status ?? null) },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const store = requireStore(context);
  const filters = readFilters(url.searchParams);
  // A filter form sends its empty fields too: the address is made plain (and what the server
  // does not know is dropped from it), so it reads well and can be shared.
  const plain = filterParams(filters, { after: filters.after }).toString();
  if (url.searchParams.toString() !== plain) throw redirect(`/admin/orders${plain ? `?${plain}` : ""}`);
  const [page, counts] = await Promise.all([
    listConsoleOrders(context.db, store.id, filters),
    statusCounts(context.db, store.id),
  ]);
  return { filters, counts, ...page };
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const PAYMENT_LABELS: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
  voided: "Voided",
  unknown: "Unknown",
};

/** /admin/orders: the orders desk, newest first, with counts per status as tabs, filters and a search. */
export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const { filters, counts, rows, next, newest } = loaderData;
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  // A capped count makes the sum a lower bound too: "2,007+".
  const capped = Object.values(counts).some((c) => c > COUNT_CAP);
  const allLabel = capped ? atLeastLabel(total) : countLabel(total);
  const tab = (status: (typeof ORDER_STATUSES)[number] | null) => {
    const search = filterParams(filters, { status }).toString();
    return `/admin/orders${search ? `?${search}` : ""}`;
  };
  const query = filterParams(filters).toString();
  // Only the first page watches for new orders: an older page is a look back.
  const since = filters.after ? null : (newest ?? "1970-01-01T00:00:00Z");
  return (
    <>
      <div className="console-heading">
        <h1>Orders</h1>
        <p className="console-actions">
          <a className="button secondary small" href={`/admin/orders/export${query ? `?${query}` : ""}`} download>
            Export CSV
          </a>
        </p>
      </div>
      <NewOrdersWatch since={since} query={query} title={titleOf(filters.status)} />
      <nav aria-label="Order status" className="console-tabs">
        <Link to={tab(null)} aria-current={filters.status === null ? "page" : undefined}>
          All <span className="count">{allLabel}</span>
        </Link>
        {ORDER_STATUSES.map((status) => (
          <Link key={status} to={tab(status)} aria-current={filters.status === status ? "page" : undefined}>
            {status} <span className="count">{countLabel(counts[status] ?? 0)}</span>
          </Link>
        ))}
      </nav>
      <Form method="get" className="console-filters" role="search" aria-label="Find orders">
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="console-filters__search">
          <label htmlFor="orders-q">Search orders</label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Order number, phone, name or email"
          />
        </div>
        <div>
          <label htmlFor="orders-payment">Payment status</label>
          <select id="orders-payment" name="payment" defaultValue={filters.paymentStatus ?? ""}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((p) => (
              <option key={p} value={p}>
                {PAYMENT_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-method">Payment method</label>
          <select id="orders-method" name="method" defaultValue={filters.paymentMethod ?? ""}>
            <option value="">Any</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m === "COD" ? "Cash on Delivery" : "Online"}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div>
          <label htmlFor="orders-to">Placed to</label>
          <input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div>
          <label htmlFor="orders-pincode">Pincode</label>
          <input
            id="orders-pincode"
            name="pincode"
            inputMode="numeric"
            pattern="[1-9][0-9]{5}"
            maxLength={6}
            defaultValue={filters.pincode ?? ""}
          />
        </div>
        <div className="console-filters__buttons">
          <button type="submit" className="button">
            Apply
          </button>
          {isNarrowed(filters) ? (
            <Link className="button secondary" to={tab(filters.status)}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="muted">{isNarrowed(filters) || filters.status ? "No orders match." : "No orders yet."}</p>
      ) : (
        <form
          method="get"
          action="/admin/orders/slips"
          target="_blank"
          rel="noopener"
          id="slips"
          className="console-slips"
        >
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="visually-hidden">Orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.id}>
                    <td data-label="Print">
                      <input type="checkbox" name="id" value={o.id} aria-label={`Select order #${o.orderNumber}`} />
                    </td>
                    <td data-label="Order">
                      <Link to={`/admin/orders/${o.id}`}>#{o.orderNumber}</Link>
                    </td>
                    <td data-label="Placed">{when.format(new Date(o.createdAt))}</td>
                    <td data-label="Customer">
                      {o.customerName}
                      <br />
                      <span className="muted">
                        {o.phone} · {o.pincode}
                      </span>
                    </td>
                    <td data-label="Items">{o.items}</td>
                    <td data-label="Total">{formatINR(o.grandTotal)}</td>
                    <td data-label="Payment">
                      {o.paymentMethod === "COD" ? "Cash on Delivery" : "Online"} · {o.paymentStatus}
                    </td>
                    <td data-label="Status">
                      <span className={`status status--${o.status.toLowerCase()}`}>{o.status}</span>
                      {o.awaitingCode ? <span className="tag">Awaiting code</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <button type="submit" className="button secondary">
              Print packing slips
            </button>{" "}
            <button type="submit" formAction="/admin/orders/invoices" formTarget="_self" className="button secondary">
              Download invoices (ZIP)
            </button>{" "}
            <span className="muted">for the orders ticked above.</span>
          </p>
        </form>
      )}
      {next ? (
        <p>
          <Link className="button secondary" to={`/admin/orders?${filterParams(filters, { after: next })}`}>
            Older orders
          </Link>
        </p>
      ) : null}
    </>
  );
}
