import { InvoiceView } from "../components/invoices/invoice-view";
import { signedInCustomer } from "../modules/accounts/request.server";
import { CONSOLE_HEADERS, requireStaff } from "../modules/console/request.server";
import { invoiceFor } from "../modules/invoices/download.server";
import { tokenFor } from "../modules/orders/access.server";
import { secureCookies } from "../modules/security/cookies.server";
import { requireStore } from "../modules/store/require-store.server";
import invoiceStyles from "../styles/invoice.css?url";
import type { Route } from "./+types/invoice-print";

/**
 * An order's invoice (or, with ?document=, a credit note) as a page to print (issue 58), at
 * /admin/orders/{id}/invoice/print for the store's staff and /orders/{id}/invoice for the
 * customer, with the same access rules as its PDF. Outside both frames: it is printed.
 */
export const handle = { console: true };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: invoiceStyles }];
export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.document.kind === "invoice" ? "Tax invoice" : "Credit note"} ${data.number}` : "Invoice" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const store = requireStore(context);
  const orderId = params.id.toLowerCase();
  const documentId = url.searchParams.get("document");
  const staff = url.pathname.startsWith("/admin/");
  if (staff) await requireStaff(request, context, url);
  const invoice = await invoiceFor(
    context.db,
    store.id,
    orderId,
    staff
      ? { kind: "staff" }
      : {
          kind: "customer",
          accessToken: tokenFor(request.headers.get("cookie"), orderId, secureCookies(context.env)),
          customer: await signedInCustomer(request, context, store),
        },
    documentId,
  );
  if (!invoice) throw new Response("This order has no invoice yet.", { status: 404 });
  const pdf = `${staff ? `/admin/orders/${orderId}/invoice` : `/api/orders/${orderId}/invoice`}${
    documentId ? `?document=${encodeURIComponent(documentId)}` : ""
  }`;
  return { ...invoice, pdf, back: staff ? `/admin/orders/${orderId}` : "/account" };
}

export default function InvoicePrint({ loaderData }: Route.ComponentProps) {
  const { document, pdf, back } = loaderData;
  return (
    <main className="invoice-page">
      <p className="invoice-bar">
        <a href={back}>← Back</a>{" "}
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>{" "}
        <a className="button secondary" href={pdf} download>
          Download PDF
        </a>
      </p>
      <InvoiceView document={document} />
    </main>
  );
}
