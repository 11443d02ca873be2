import { Form, Link } from "react-router";
import { listCustomers } from "../../modules/console/customers.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { formatINR } from "../../modules/money/format";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [
  { title: "Customers · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = await listCustomers(context.db, requireStore(context).id, q, url.searchParams.get("after"));
  return { q, ...page };
}

const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** /admin/customers: everyone with a record in the store, newest first, searched by name, phone or email. */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const { q, rows, next } = loaderData;
  const nextPage = new URLSearchParams();
  if (q) nextPage.set("q", q);
  if (next) nextPage.set("after", next);
  return (
    <>
      <h1>Customers</h1>
      <Form method="get" className="console-search" role="search" aria-label="Find customers">
        <label htmlFor="customers-q">Search customers</label>
        <input id="customers-q" name="q" type="search" defaultValue={q} placeholder="Name, company, phone or email" />
        <button type="submit" className="button secondary">
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="muted">{q ? "No customers match." : "No customers yet."}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Customers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Phone</th>
                <th scope="col">Email</th>
                <th scope="col">Orders</th>
                <th scope="col">Spent</th>
                <th scope="col">Last order</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td data-label="Customer">
                    <Link to={`/admin/customers/${c.id}`}>{c.name || "No name yet"}</Link>
                    {c.companyName ? <span className="muted"> · {c.companyName}</span> : null}
                  </td>
                  <td data-label="Phone">{c.phone ?? "—"}</td>
                  <td data-label="Email">{c.email ?? "—"}</td>
                  <td data-label="Orders">{c.orders}</td>
                  <td data-label="Spent">{formatINR(c.spent)}</td>
                  <td data-label="Last order">{c.lastOrderAt ? day.format(new Date(c.lastOrderAt)) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link className="button secondary" to={`/admin/customers?${nextPage}`}>
            More customers
          </Link>
        </p>
      ) : null}
    </>
  );
}
