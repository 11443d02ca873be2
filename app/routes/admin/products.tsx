import { data, Link, redirect } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { ProductFiltersForm } from "../../components/console/product-filters-form";
import { ProductsTable } from "../../components/console/products-table";
import { PRODUCTS_PER_PAGE, productListAddress, readProductFilters } from "../../modules/console/product-filters";
import { type BulkAction, bulkChange, listProducts, shelves } from "../../modules/console/product-list.server";
import { readQuickEdits } from "../../modules/console/quick-edits";
import { saveQuickEdits } from "../../modules/console/quick-edits.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { lowStockOf } from "../../modules/console/store-settings.server";
import { readFormBody } from "../../modules/http/json.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const filters = readProductFilters(url.searchParams);
  // A filter form sends its empty fields too: the address is made plain, so it reads well and can be shared.
  const plain = productListAddress(filters);
  if (`${url.pathname}${url.search}` !== plain) throw redirect(plain);
  const lowStock = lowStockOf(store);
  const [page, picks] = await Promise.all([
    listProducts(context.db, store.id, filters, lowStock),
    shelves(context.db, store.id),
  ]);
  return { csrf: context.csrf, filters, lowStock, owner: member.role === "owner", ...page, ...picks };
}

const BULK_KINDS = ["activate", "deactivate", "delete", "category"] as const;

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const read = await readFormBody(request, 256 * 1024);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };

  if (form.get("intent") === "bulk") {
    const kind = BULK_KINDS.find((k) => k === form.get("bulk"));
    const ids = form.getAll("id").filter((id): id is string => typeof id === "string");
    if (!kind) return data({ error: "Choose what to do with the ticked products." }, { status: 422 });
    const categoryId = String(form.get("bulkCategory") ?? "");
    if (kind === "category" && !categoryId) {
      return data({ error: "Choose the category to move the ticked products to." }, { status: 422 });
    }
    if (kind === "delete" && form.get("confirm") !== "yes") {
      if (ids.length === 0) return data({ error: "Tick the products to change first." }, { status: 422 });
      return { confirmDelete: ids.slice(0, 200) };
    }
    const action: BulkAction = kind === "category" ? { kind, categoryId } : { kind };
    const outcome = await bulkChange(context.db, actor, ids, action);
    if (!outcome.ok) return data({ error: outcome.error }, { status: 422 });
    const done = {
      activate: "put on sale",
      deactivate: "taken off sale",
      delete: "deleted",
      category: "moved",
    }[kind];
    return { notice: `${outcome.changed} ${outcome.changed === 1 ? "product" : "products"} ${done}.` };
  }

  const edits = readQuickEdits(form);
  if (!edits.ok) {
    return data(
      { error: "Nothing is saved yet: check the rows marked below.", problems: edits.problems },
      { status: 422 },
    );
  }
  const saved = await saveQuickEdits(context.db, actor, edits.edits);
  if (!saved.ok) {
    return data(
      { error: "Nothing is saved yet: check the rows marked below.", problems: saved.problems },
      { status: 409 },
    );
  }
  return {
    notice:
      saved.changed === 0
        ? "Nothing was changed."
        : `Saved ${saved.changed} ${saved.changed === 1 ? "product" : "products"}. The store shows the new prices and stock now.`,
  };
}

/** /admin/products: every product of the store, found, filtered, changed in bulk and in place (issue 56). */
export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, more, rows } = loaderData;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  // Beyond the products counted, the next page is there while this one is full.
  const hasNext = more ? rows.length === PRODUCTS_PER_PAGE : filters.page < pages;
  return (
    <>
      <div className="console-heading">
        <h1>Products</h1>
        <p className="console-actions">
          <Link className="button small" to="/admin/products/new">
            New product
          </Link>
          {loaderData.owner ? (
            <Link className="button secondary small" to="/admin/products/import">
              Import products
            </Link>
          ) : null}
          <a className="button secondary small" href="/admin/products/export" download>
            Export the catalogue (CSV)
          </a>
        </p>
      </div>
      <ProductFiltersForm filters={filters} categories={loaderData.categories} brands={loaderData.brands} />
      <ActionMessage answer={actionData} />
      {rows.length === 0 ? (
        <p className="muted">
          {total === 0 && filters.page === 1 ? "No products match." : "No products on this page."}
        </p>
      ) : (
        <ProductsTable
          csrf={loaderData.csrf}
          rows={rows}
          total={total}
          more={more}
          lowStock={loaderData.lowStock}
          categories={loaderData.categories}
          answer={actionData}
        />
      )}
      {pages > 1 || filters.page > 1 || hasNext ? (
        <nav aria-label="Pages" className="console-pages">
          {filters.page > 1 ? (
            <Link className="button secondary" to={productListAddress(filters, { page: filters.page - 1 })}>
              Previous page
            </Link>
          ) : null}
          <span>
            Page {filters.page} of {more ? `${pages.toLocaleString("en-IN")}+` : pages}
          </span>
          {hasNext ? (
            <Link className="button secondary" to={productListAddress(filters, { page: filters.page + 1 })}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
