import { Link } from "react-router";
import { OrdersChart } from "../../components/console/orders-chart";
import { loadDashboard } from "../../modules/console/dashboard.server";
import { countLabel } from "../../modules/console/order-filters";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { lowStockOf } from "../../modules/console/store-settings.server";
import { formatINR } from "../../modules/money/format";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const store = requireStore(context);
  return loadDashboard(context.db, store.id, new Date(), lowStockOf(store));
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** /admin: the console's first page, what needs doing today at a glance. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { today, week, waiting, lowStock, soldOut, recent, series } = loaderData;
  const plural = (n: number) => (n === 1 ? "1 order" : `${n} orders`);
  return (
    <>
      <h1>Dashboard</h1>
      <div className="console-cards">
        <section className="console-card" aria-labelledby="card-today">
          <h2 id="card-today">Today</h2>
          <p>{formatINR(today.takings)}</p>
          <span className="muted">{plural(today.orders)}</span>
        </section>
        <section className="console-card" aria-labelledby="card-week">
          <h2 id="card-week">This week</h2>
          <p>{formatINR(week.takings)}</p>
          <span className="muted">{plural(week.orders)} since Monday</span>
        </section>
        {(Object.keys(waiting) as Array<keyof typeof waiting>).map((status) => (
          <section key={status} className="console-card" aria-labelledby={`card-${status}`}>
            <h2 id={`card-${status}`}>{status}</h2>
            <p>
              <Link to={`/admin/orders?status=${status}`}>{countLabel(waiting[status])}</Link>
            </p>
            <span className="muted">waiting</span>
          </section>
        ))}
      </div>
      <section aria-labelledby="dash-chart">
        <h2 id="dash-chart">Orders per day, last 30 days</h2>
        <OrdersChart series={series} />
      </section>
      <section aria-labelledby="dash-stock">
        <h2 id="dash-stock">Low on stock</h2>
        {soldOut > 0 ? (
          <p>
            <strong>{soldOut === 1 ? "1 product is" : `${soldOut} products are`} sold out.</strong>
          </p>
        ) : null}
        {lowStock.length === 0 ? (
          <p className="muted">Every counted product has more than 10 in stock.</p>
        ) : (
          <ul className="console-history">
            {lowStock.map((p) => (
              <li key={p.id}>
                {p.name}: {p.inventory <= 0 ? <strong>sold out</strong> : `${p.inventory} left`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="dash-recent">
        <h2 id="dash-recent">Last ten orders</h2>
        {recent.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <ul className="console-history">
            {recent.map((o) => (
              <li key={o.id}>
                <Link to={`/admin/orders/${o.id}`}>#{o.orderNumber}</Link> · {when.format(new Date(o.createdAt))} ·{" "}
                {o.customerName} · {formatINR(o.grandTotal)} · <span className="status">{o.status}</span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/admin/orders">All orders</Link>
        </p>
      </section>
    </>
  );
}
