import { data, Form, Link } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { when } from "../../components/console/order-records";
import { ReceiveStockForm } from "../../components/console/receive-stock-form";
import { LEDGER_PAGE, ledgerAddress, readLedgerFilters } from "../../modules/console/ledger-filters";
import { readReceived } from "../../modules/console/receive-form";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { listLedger, receiveStock } from "../../modules/console/stock-ledger.server";
import { STOCK_REASONS, type StockReason } from "../../modules/console/stock-reasons";
import { lowStockOf, saveLowStock } from "../../modules/console/store-settings.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/stock";

export const meta: Route.MetaFunction = () => [{ title: "Stock · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const filters = readLedgerFilters(url.searchParams);
  const ledger = await listLedger(context.db, store.id, filters);
  return { csrf: context.csrf, filters, ...ledger, lowStock: lowStockOf(store), owner: member.role === "owner" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const read = await readFormBody(request, 64 * 1024);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };
  if (form.get("intent") === "low-stock") {
    if (member.role !== "owner") {
      return data({ error: "Only the store's owner may change this." }, { status: 403 });
    }
    const typed = String(form.get("lowStockAt") ?? "").trim();
    if (!/^\d{1,6}$/.test(typed)) {
      return data(
        { error: "Check the field marked below.", fields: { lowStockAt: "Enter a whole number, like 10." } },
        { status: 422 },
      );
    }
    await saveLowStock(context.db, actor, Number(typed));
    return { notice: `Products with ${typed} or fewer in stock are shown as low.` };
  }
  const received = readReceived(form);
  if (!received.ok) {
    return data(
      { error: "Nothing is received yet: check the rows marked below.", rows: received.problems },
      { status: 422 },
    );
  }
  const outcome = await receiveStock(context.db, actor, received.lines, received.note);
  if (!outcome.ok) {
    return data(
      { error: "Nothing is received yet: check the rows marked below.", rows: outcome.problems },
      { status: 422 },
    );
  }
  return {
    notice: `Received ${outcome.units} ${outcome.units === 1 ? "unit" : "units"} of ${outcome.products} ${outcome.products === 1 ? "product" : "products"}. The store sells them now.`,
    received: true,
  };
}

/** /admin/stock: deliveries received into stock, the low-stock level, and the stock ledger (issue 56). */
export default function Stock({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, filters, rows, total, lowStock, owner } = loaderData;
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE));
  const rowProblems = actionData && "rows" in actionData ? (actionData.rows as Record<number, string>) : {};
  const fieldProblems = actionData && "fields" in actionData ? (actionData.fields as Record<string, string>) : {};
  return (
    <>
      <h1>Stock</h1>
      <ActionMessage answer={actionData} />
      <ReceiveStockForm
        csrf={csrf}
        problems={rowProblems}
        // A delivery received clears the form for the next one.
        key={actionData && "received" in actionData ? Date.now() : "receive"}
      />
      {owner ? (
        <Form method="post" className="console-step console-form--row" aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading">Low stock</h2>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="low-stock" />
          <label htmlFor="lowStockAt">Show a product as low at</label>
          <input
            id="lowStockAt"
            name="lowStockAt"
            defaultValue={String(lowStock)}
            inputMode="numeric"
            aria-invalid={fieldProblems.lowStockAt ? true : undefined}
            aria-describedby={fieldProblems.lowStockAt ? "lowStockAt-error" : "lowStockAt-hint"}
          />
          <p id="lowStockAt-hint" className="muted">
            units or fewer, on the products list and the dashboard. Shoppers see "Low stock" from 10 down.
          </p>
          {fieldProblems.lowStockAt ? (
            <p id="lowStockAt-error" className="field-error">
              {fieldProblems.lowStockAt}
            </p>
          ) : null}
          <button type="submit" className="button secondary">
            Save
          </button>
        </Form>
      ) : null}

      <h2>Stock ledger</h2>
      <Form method="get" className="console-filters" role="search" aria-label="Find stock changes">
        <div className="console-filters__search">
          <label htmlFor="ledger-q">Product</label>
          <input id="ledger-q" name="q" type="search" defaultValue={filters.q} placeholder="Name or SKU" />
        </div>
        <div>
          <label htmlFor="ledger-reason">Reason</label>
          <select id="ledger-reason" name="reason" defaultValue={filters.reason ?? ""}>
            <option value="">Any</option>
            {(Object.entries(STOCK_REASONS) as [StockReason, string][]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ledger-from">From</label>
          <input id="ledger-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div>
          <label htmlFor="ledger-to">To</label>
          <input id="ledger-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div className="console-filters__buttons">
          <button type="submit" className="button">
            Apply
          </button>
          {filters.q || filters.reason || filters.from || filters.to ? (
            <Link className="button secondary" to="/admin/stock">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="muted">No stock changes match.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Stock changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Product</th>
                <th scope="col">Change</th>
                <th scope="col">Reason</th>
                <th scope="col">Note</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="When">{when.format(new Date(row.at))}</td>
                  <td data-label="Product">
                    <Link to={`/admin/products/${row.productId}`}>{row.productName}</Link>
                    {row.size ? <span className="muted"> · {row.size}</span> : null}
                  </td>
                  <td data-label="Change">{row.change > 0 ? `+${row.change}` : String(row.change)}</td>
                  <td data-label="Reason">{STOCK_REASONS[row.reason] ?? row.reason}</td>
                  <td data-label="Note">
                    {row.orderId ? <Link to={`/admin/orders/${row.orderId}`}>Order</Link> : null}
                    {row.orderId && row.note ? " · " : null}
                    {row.note}
                  </td>
                  <td data-label="By">{row.who ?? <span className="muted">Shop</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="console-pages">
          {filters.page > 1 ? (
            <Link className="button secondary" to={ledgerAddress(filters, filters.page - 1)}>
              Newer changes
            </Link>
          ) : null}
          <span>
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? (
            <Link className="button secondary" to={ledgerAddress(filters, filters.page + 1)}>
              Older changes
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
