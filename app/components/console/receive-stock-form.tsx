import { Form, useNavigation } from "react-router";
import { RECEIVE_ROWS } from "../../modules/console/receive-form";
import { CSRF_FIELD } from "../../modules/security/csrf";

/**
 * A delivery from a supplier received into stock (issue 56): several products at once, each by
 * its SKU or name, with a size where its stock is counted by size. Every row's mistake is named
 * at its row, and nothing is received until all rows are right.
 */
export function ReceiveStockForm({ csrf, problems }: { csrf: string; problems: Record<number, string> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="console-step console-step--wide console-receive" aria-labelledby="receive-heading">
      <h2 id="receive-heading">Receive stock</h2>
      <p className="muted">A delivery from a supplier: its units are added to each product's stock.</p>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="intent" value="receive" />
      <label htmlFor="receive-note">Supplier and bill (optional)</label>
      <input id="receive-note" name="note" maxLength={200} placeholder="Like: Sharma Traders, bill 4417" />
      <table className="console-sizes console-receive__rows">
        <caption className="visually-hidden">Products received</caption>
        <thead>
          <tr>
            <th scope="col">Product (SKU or name)</th>
            <th scope="col">Size, if sold in sizes</th>
            <th scope="col">Units received</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: RECEIVE_ROWS }, (_, index) => {
            const row = index + 1;
            const problem = problems[row];
            const described = problem ? `receive-${row}-error` : undefined;
            return (
              <tr key={row}>
                <td>
                  <input
                    name="product"
                    aria-label={`Product ${row} (SKU or name)`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={described}
                    maxLength={200}
                  />
                  {problem ? (
                    <span id={described} className="field-error">
                      {problem}
                    </span>
                  ) : null}
                </td>
                <td>
                  <input name="size" aria-label={`Size of product ${row}`} maxLength={60} />
                </td>
                <td>
                  <input
                    name="units"
                    inputMode="numeric"
                    aria-label={`Units of product ${row} received`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={described}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <button type="submit" className="button" disabled={busy}>
          Receive stock
        </button>
      </p>
    </Form>
  );
}
