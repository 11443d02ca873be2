import { data, Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { readCatalogueCsv, readCatalogueJson } from "../../modules/catalog/catalogue-file";
import { CatalogueValidationError, type RowError, type ValidCatalogue } from "../../modules/catalog/catalogue-input";
import { CatalogueConflictError, writeCatalogue } from "../../modules/catalog/catalogue-writer.server";
import { writeAudit } from "../../modules/console/fulfilment.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/products-import";

export const meta: Route.MetaFunction = () => [
  { title: "Import products · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;
/** A catalogue of 100,000 products is about 40 MB of CSV. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Rows of problems shown; the count says how many more there are. */
const SHOWN_PROBLEMS = 200;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  return { csrf: context.csrf };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const read = await readFormBody(request, MAX_FILE_BYTES + 64 * 1024);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const file = form.get("file");
  if (typeof file === "string" || file === null || file.size === 0) {
    return data({ error: "Choose a products file (CSV or JSON) first." }, { status: 422 });
  }
  const name = file.name.slice(0, 120) || "products.csv";
  const text = new TextDecoder("utf-8").decode(await file.arrayBuffer());
  let catalogue: ValidCatalogue;
  try {
    catalogue = name.toLowerCase().endsWith(".json")
      ? readCatalogueJson(name, text)
      : readCatalogueCsv({ products: { name, text } });
  } catch (error) {
    if (!(error instanceof CatalogueValidationError)) throw error;
    const count = error.errors.length;
    return data(
      {
        error: `${count} ${count === 1 ? "problem" : "problems"} in ${name}: nothing is imported. Fix ${count === 1 ? "it" : "them"} in the file and choose it again.`,
        problems: error.errors.slice(0, SHOWN_PROBLEMS),
        more: Math.max(0, count - SHOWN_PROBLEMS),
      },
      { status: 422 },
    );
  }
  const found = `${catalogue.products.length} ${catalogue.products.length === 1 ? "product" : "products"}`;
  if (form.get("intent") !== "import") {
    return { notice: `${name} is right: ${found}. Press Import to load them into the store.`, checked: true };
  }
  try {
    const summary = await writeCatalogue(context.db, store.id, catalogue);
    await context.db.transaction((tx) =>
      writeAudit(
        tx,
        { member, ip: context.clientIp },
        {
          action: "catalogue.import",
          entity: "product",
          entityId: store.id,
          before: null,
          after: { file: name, ...summary },
        },
      ),
    );
    return {
      notice: `Imported ${name}: ${count(summary.productsCreated, "product")} created, ${summary.productsUpdated} updated; ${count(summary.categoriesCreated, "new category", "new categories")}, ${count(summary.brandsCreated, "new brand")}. The store shows them now.${
        summary.photosToFetch > 0
          ? ` ${count(summary.photosToFetch, "photo link is", "photo links are")} being fetched into the store's own photos; until then the store shows ${summary.photosToFetch === 1 ? "it" : "them"} from the link, and a link that cannot be fetched is listed on the Jobs page.`
          : ""
      }`,
    };
  } catch (error) {
    if (error instanceof CatalogueConflictError) {
      return data({ error: `${error.message} Nothing is imported.` }, { status: 409 });
    }
    throw error;
  }
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** /admin/products/import (owners): a products file checked row by row, then imported (issue 56). */
export default function ProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const problems = actionData && "problems" in actionData ? (actionData.problems as RowError[]) : [];
  const more = actionData && "more" in actionData ? Number(actionData.more) : 0;
  return (
    <>
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1>Import products</h1>
      <p>
        A CSV or JSON file with the columns of the import guide (<code>docs/catalogue-import.md</code>), such as the
        file <a href="/admin/products/export">Export the catalogue (CSV)</a> gives. Products are matched by SKU, else by
        slug, and changed in place; new categories and brands are made from their names. Nothing is imported until every
        row is right.
      </p>
      <ActionMessage answer={actionData} />
      <Form method="post" encType="multipart/form-data" className="console-step console-step--wide console-settings">
        <input type="hidden" name={CSRF_FIELD} value={loaderData.csrf} />
        <label htmlFor="file">Products file</label>
        <input id="file" name="file" type="file" accept=".csv,.json,text/csv,application/json" required />
        <p className="console-row-buttons">
          <button type="submit" name="intent" value="check" className="button secondary" disabled={busy}>
            Check the file
          </button>
          <button type="submit" name="intent" value="import" className="button" disabled={busy}>
            Import
          </button>
        </p>
        {busy ? <progress className="console-progress" aria-label="Sending and checking the file" /> : null}
      </Form>
      {problems.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>Problems in the file</caption>
            <thead>
              <tr>
                <th scope="col">Where</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row may hold several problems; the list is the file's, in order.
                <tr key={index}>
                  <td data-label="Where">{problem.where}</td>
                  <td data-label="Problem">{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more > 0 ? <p className="muted">And {more} more.</p> : null}
        </div>
      ) : null}
    </>
  );
}
