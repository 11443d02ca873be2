import { Form, Link, useNavigation } from "react-router";
import type { ProductRow } from "../../modules/console/product-list.server";
import { quickField } from "../../modules/console/quick-edits";
import { formatINR } from "../../modules/money/format";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { imageAt } from "../ui/product-image";
import { type CategoryChoice, CategoryOptions } from "./product-filters-form";

const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));

function stockText(row: ProductRow, lowStock: number): string {
  if (!row.trackInventory || row.inventory === null) return "Not counted";
  if (row.inventory <= 0) return "Sold out";
  return row.inventory <= lowStock ? `${row.inventory} (low)` : String(row.inventory);
}

/** What an action answered about the list: row problems, or the products a delete waits to be confirmed for. */
interface ListAnswer {
  problems?: Record<string, string>;
  confirmDelete?: string[];
}

/**
 * The products of one page as a form: tick rows for an action on all of them, or type new
 * prices and counts into the rows and save them together (issue 56).
 */
export function ProductsTable({
  csrf,
  rows,
  total,
  more,
  lowStock,
  categories,
  answer,
}: {
  csrf: string;
  rows: ProductRow[];
  total: number;
  /** More products match than were counted. */
  more: boolean;
  lowStock: number;
  categories: CategoryChoice[];
  answer: unknown;
}) {
  const busy = useNavigation().state === "submitting";
  const { problems = {}, confirmDelete } = (typeof answer === "object" && answer !== null ? answer : {}) as ListAnswer;
  const deleting = confirmDelete ? rows.filter((row) => confirmDelete.includes(row.id)) : [];
  return (
    <>
      {deleting.length > 0 ? (
        <Form method="post" className="console-panel console-confirm" aria-labelledby="confirm-delete">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="bulk" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          {deleting.map((row) => (
            <input key={row.id} type="hidden" name="id" value={row.id} />
          ))}
          <h2 id="confirm-delete">
            Delete {deleting.length} {deleting.length === 1 ? "product" : "products"}?
          </h2>
          <p>
            {deleting.map((row) => row.name).join(", ")}. They leave the store and its search at once; orders already
            placed keep their lines. To stop selling for a while, take them off sale instead.
          </p>
          <p className="console-row-buttons">
            <button type="submit" className="button danger" disabled={busy}>
              Delete {deleting.length === 1 ? "it" : "them"}
            </button>
            <Link className="button secondary" to=".">
              Keep {deleting.length === 1 ? "it" : "them"}
            </Link>
          </p>
        </Form>
      ) : null}
      <Form method="post" className="console-products">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <p className="muted">
          {more ? `More than ${total.toLocaleString("en-IN")}` : total} {total === 1 && !more ? "product" : "products"}.
          Type new prices or counts into the rows and save them together, or tick rows for an action below.
        </p>
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">The store's products</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Tick</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">MRP</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const problem = problems[row.id];
                const editable = row.trackInventory && !row.sizedStock && row.inventory !== null;
                return (
                  // A saved row comes back with a new updatedAt, which renders its fields afresh.
                  <tr key={`${row.id}-${row.updatedAt}`} className={problem ? "console-row--problem" : undefined}>
                    <td data-label="Tick">
                      <input type="checkbox" name="id" value={row.id} aria-label={`Tick ${row.name}`} />
                      <input type="hidden" name="row" value={row.id} />
                    </td>
                    <td data-label="Product">
                      <div className="console-product-cell">
                        {row.photo ? (
                          <img src={imageAt(row.photo, 160)} alt="" width={40} height={40} loading="lazy" />
                        ) : (
                          <span className="console-thumb" aria-hidden="true" />
                        )}
                        <span>
                          <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                          {row.sku ? <span className="muted"> · {row.sku}</span> : null}
                          {problem ? (
                            <span id={`row-${row.id}-error`} className="field-error">
                              {problem}
                            </span>
                          ) : null}
                        </span>
                      </div>
                    </td>
                    <td data-label="Category">{row.category ?? <span className="muted">None</span>}</td>
                    <td data-label="MRP">{row.mrp === null ? "" : formatINR(row.mrp)}</td>
                    <td data-label="Price">
                      <input type="hidden" name={quickField("wasPrice", row.id)} value={rupees(row.price)} />
                      <input
                        className="console-quick"
                        name={quickField("price", row.id)}
                        defaultValue={rupees(row.price)}
                        inputMode="decimal"
                        aria-label={`Price of ${row.name}, in rupees`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `row-${row.id}-error` : undefined}
                      />
                    </td>
                    <td data-label="Stock">
                      {editable ? (
                        <>
                          <input type="hidden" name={quickField("wasStock", row.id)} value={String(row.inventory)} />
                          <input
                            className="console-quick"
                            name={quickField("stock", row.id)}
                            defaultValue={String(row.inventory)}
                            inputMode="numeric"
                            aria-label={`Stock of ${row.name}`}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `row-${row.id}-error` : undefined}
                          />
                          {row.inventory !== null && row.inventory <= lowStock ? (
                            <span className="muted"> {row.inventory <= 0 ? "sold out" : "low"}</span>
                          ) : null}
                        </>
                      ) : (
                        <span>{row.sizedStock ? "By size" : stockText(row, lowStock)}</span>
                      )}
                    </td>
                    <td data-label="Status">
                      <span className={`status ${row.active ? "status--delivered" : "status--cancelled"}`}>
                        {row.active ? "On sale" : "Off sale"}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="console-bulk">
          <button type="submit" name="intent" value="save" className="button" disabled={busy}>
            Save changes
          </button>
          <div>
            <label htmlFor="bulk">With the ticked products</label>
            <select id="bulk" name="bulk" defaultValue="">
              <option value="">Choose…</option>
              <option value="activate">Put on sale</option>
              <option value="deactivate">Take off sale</option>
              <option value="category">Move to the category below</option>
              <option value="delete">Delete</option>
            </select>
          </div>
          <div>
            <label htmlFor="bulk-category">Category to move to</label>
            <select id="bulk-category" name="bulkCategory" defaultValue="">
              <option value="">Choose…</option>
              <CategoryOptions categories={categories} />
            </select>
          </div>
          <button type="submit" name="intent" value="bulk" className="button secondary" disabled={busy}>
            Apply to ticked
          </button>
        </div>
      </Form>
    </>
  );
}
