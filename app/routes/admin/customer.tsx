import { Link } from "react-router";
import { loadCustomer } from "../../modules/console/customers.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { formatINR } from "../../modules/money/format";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.customer.name || "Customer"} · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const customer = await loadCustomer(context.db, requireStore(context).id, params.id);
  if (!customer) throw new Response("Customer not found.", { status: 404 });
  return { customer };
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** /admin/customers/{id}: a customer's saved details and their orders. */
export default function Customer({ loaderData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/customers">← Customers</Link>
      </p>
      <h1>{c.name || "No name yet"}</h1>
      <dl className="console-facts">
        <dt>Phone</dt>
        <dd>{c.phone ? <a href={`tel:+91${c.phone}`}>+91 {c.phone}</a> : "—"}</dd>
        <dt>Email</dt>
        <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : "—"}</dd>
        <dt>Company</dt>
        <dd>{c.companyName || "—"}</dd>
        <dt>GSTIN</dt>
        <dd>{c.gstNumber || "—"}</dd>
        <dt>Saved address</dt>
        <dd>{c.address ? `${c.address}, ${c.city}, ${c.state} ${c.pin}` : "None saved"}</dd>
        <dt>Customer since</dt>
        <dd>{when.format(new Date(c.createdAt))}</dd>
        <dt>Spent</dt>
        <dd>
          {formatINR(c.spent)} in {c.orders.filter((o) => o.status !== "Cancelled").length} orders (cancelled ones
          aside)
        </dd>
      </dl>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders</h2>
        {c.orders.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Total</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {c.orders.map((o) => (
                  <tr key={o.id}>
                    <td data-label="Order">
                      <Link to={`/admin/orders/${o.id}`}>#{o.orderNumber}</Link>
                      {o.signedIn ? null : <span className="muted"> · as a guest</span>}
                    </td>
                    <td data-label="Placed">{when.format(new Date(o.createdAt))}</td>
                    <td data-label="Total">{formatINR(o.grandTotal)}</td>
                    <td data-label="Payment">
                      {o.paymentMethod === "COD" ? "Cash on Delivery" : "Online"} · {o.paymentStatus}
                    </td>
                    <td data-label="Status">
                      <span className={`status status--${o.status.toLowerCase()}`}>{o.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
