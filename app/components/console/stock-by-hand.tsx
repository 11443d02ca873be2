import { Form, useNavigation } from "react-router";
import { CSRF_FIELD } from "../../modules/security/csrf";

/**
 * Stock by hand from the order (issue 54): the packer picks one of the order's items, says how
 * many units to add or take away and why; the server checks the count never goes below zero.
 */
export function StockByHand({
  items,
  csrf,
}: {
  items: Array<{ id: string; productId: string | null; name: string; size: string | null; counted: boolean }>;
  csrf: string;
}) {
  const busy = useNavigation().state !== "idle";
  // Only products whose stock is counted have a count to change.
  const lines = items.filter((i) => i.productId && i.counted);
  if (lines.length === 0) return null;
  return (
    <details className="console-panel">
      <summary>Change stock by hand</summary>
      <Form method="post" className="console-form console-form--row">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="intent" value="stock" />
        <div>
          <label htmlFor="stock-line">Item</label>
          <select id="stock-line" name="line" required>
            {lines.map((i) => (
              <option key={i.id} value={i.size ? `${i.productId}|${i.size}` : (i.productId ?? "")}>
                {i.name}
                {i.size ? ` (${i.size})` : ""}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="stock-change">Units to add (negative to take away)</label>
          <input id="stock-change" name="change" type="number" step={1} required inputMode="numeric" />
        </div>
        <div>
          <label htmlFor="stock-note">Reason</label>
          <input id="stock-note" name="note" type="text" maxLength={200} required placeholder="2 tins dented" />
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          Save stock change
        </button>
      </Form>
    </details>
  );
}
