import { DeliveryAddress } from "../../components/console/delivery-address";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { loadSlips, MAX_SLIPS } from "../../modules/console/slips.server";
import { formatINR } from "../../modules/money/format";
import { requireStore } from "../../modules/store/require-store.server";
import slipStyles from "../../styles/slips.css?url";
import type { Route } from "./+types/slips";

export const handle = { console: true };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: slipStyles }];
export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Packing slips (${data?.slips.length ?? 0}) · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

/** /admin/orders/slips?id=…&id=…[&paper=80mm]: packing slips for several orders at once, one a page. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const ids = url.searchParams.getAll("id");
  const slips = await loadSlips(context.db, requireStore(context).id, ids);
  return {
    store: requireStore(context).title,
    slips,
    paper: url.searchParams.get("paper") === "80mm" ? ("80mm" as const) : ("a4" as const),
    ids,
    tooMany: new Set(ids).size > MAX_SLIPS,
    max: MAX_SLIPS,
  };
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { store, slips, paper, ids, tooMany, max } = loaderData;
  const other = new URLSearchParams(ids.map((id) => ["id", id]));
  if (paper === "a4") other.set("paper", "80mm");
  return (
    <main className={`slips slips--${paper}`}>
      <header className="slips-bar">
        <p>
          <a href="/admin/orders">← Orders</a>
        </p>
        <h1>Packing slips: {slips.length}</h1>
        {tooMany ? <p role="alert">Only the first {max} orders are here; print the rest separately.</p> : null}
        {slips.length === 0 ? (
          <p>Tick the orders to print on the orders desk, then choose Print packing slips.</p>
        ) : null}
        <p>
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>{" "}
          <a className="button secondary" href={`/admin/orders/slips?${other}`}>
            {paper === "a4" ? "For 80 mm receipt paper" : "For A4 paper"}
          </a>
        </p>
      </header>
      {slips.map((slip) => {
        return (
          <article key={slip.id} className="slip" aria-label={`Packing slip for order #${slip.orderNumber}`}>
            <header className="slip-head">
              <div>
                <p className="slip-store">{store}</p>
                <h2>Order #{slip.orderNumber}</h2>
                <p>{when.format(new Date(slip.createdAt))}</p>
                <p>
                  <strong>
                    {slip.paymentMethod === "COD"
                      ? slip.paymentStatus === "paid"
                        ? "Cash on Delivery · paid"
                        : `Collect ${formatINR(slip.grandTotal)} on delivery`
                      : `Paid online · ${slip.paymentStatus}`}
                  </strong>
                </p>
              </div>
              <svg
                className="slip-qr"
                viewBox={`-2 -2 ${slip.qr.size + 4} ${slip.qr.size + 4}`}
                role="img"
                aria-label={`QR code of order ${slip.orderNumber}`}
                shapeRendering="crispEdges"
              >
                <rect x={-2} y={-2} width={slip.qr.size + 4} height={slip.qr.size + 4} fill="#fff" />
                <path d={slip.qr.path} fill="#000" />
              </svg>
            </header>
            <section className="slip-to">
              <h3>Deliver to</h3>
              <p>
                <DeliveryAddress address={slip.address} />
                <br />
                Phone +91 {slip.phone}
              </p>
            </section>
            <table className="slip-items">
              <thead>
                <tr>
                  <th scope="col">Packed</th>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                </tr>
              </thead>
              <tbody>
                {slip.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <span className="slip-box" aria-hidden="true" />
                    </td>
                    <td>
                      {item.name}
                      {item.size ? ` · ${item.size}` : ""}
                      {item.sku ? <span className="slip-sku"> · {item.sku}</span> : null}
                    </td>
                    <td className="slip-qty">{item.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="slip-count">
              {slip.items.reduce((n, i) => n + i.quantity, 0)} units in {slip.items.length} lines
            </p>
          </article>
        );
      })}
    </main>
  );
}
