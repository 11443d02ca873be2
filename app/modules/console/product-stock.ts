/**
 * The stock a saved product form leaves (issue 56). Orders keep taking stock while a product's
 * page is open, so a count typed over is set only where it still is what the page showed; a
 * count left as shown keeps what the database holds now, never the stale number on the screen.
 */

/** Counts by size label; the product's own count is under "". */
export type Counts = Readonly<Record<string, number | null>>;

export const OWN_COUNT = "";

export type StockMerge =
  | { ok: true; counts: Record<string, number | null> }
  | { ok: false; field: string; error: string };

/**
 * What each count becomes: `typed` from the form, `shown` when it was opened, `current` in the
 * database now (locked). Labels not shown before are new sizes and take what was typed.
 */
export function mergeStock(typed: Counts, shown: Counts, current: Counts): StockMerge {
  const counts: Record<string, number | null> = {};
  for (const [label, value] of Object.entries(typed)) {
    const before = shown[label];
    const now = current[label];
    if (!(label in shown) || !(label in current)) {
      counts[label] = value;
    } else if (value === before) {
      counts[label] = now ?? null;
    } else if ((now ?? null) !== (before ?? null)) {
      const what = label === OWN_COUNT ? "The stock" : `The stock of "${label}"`;
      return {
        ok: false,
        field: label === OWN_COUNT ? "inventory" : "sizeStock",
        error: `${what} changed to ${now ?? 0} while you were editing (an order or a colleague): check it and save again.`,
      };
    } else {
      counts[label] = value;
    }
  }
  return { ok: true, counts };
}
