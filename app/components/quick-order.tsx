import { useEffect, useRef, useState } from "react";
import { cart } from "../modules/cart/cart-store";
import { unitsLabel } from "../modules/cart/packs";
import type { ResolvedLine } from "../modules/cart/quick-order";
import {
  addedMessage,
  emptyRow,
  leftOutReason,
  QUICK_ORDER_STORAGE_KEY,
  type QuickRow,
  readStoredRows,
  rowsTotal,
  sortRows,
  storedRows,
  typedQuantity,
} from "../modules/cart/quick-order-rows";
import { cartItemFor } from "../modules/catalog/cart-item";
import { formatINR } from "../modules/money/format";
import { Link } from "../platform/navigation/navigation";
import { ProductField } from "./quick-order-product";

const FIRST_ROWS = 3;

interface Answer {
  lines: ResolvedLine[];
  skipped: { line: number; text: string; reason: string }[];
}

async function ask(body: unknown): Promise<Answer> {
  const response = await fetch("/api/quick-order", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(((await response.json()) as { error?: string }).error ?? "Please try again.");
  return (await response.json()) as Answer;
}

/**
 * /quick-order (issue 59): rows of product and quantity, typed or pasted from a spreadsheet or
 * a CSV file, each looked up at once by the server (POST /api/quick-order), kept in the browser
 * so a reload loses nothing, and added to the cart together, with what was left out and why.
 */
export function QuickOrder() {
  // The first rows' keys are the same on the server and in the browser, so that the ids in the
  // page are the ones React holds once it takes the page over.
  const [rows, setRows] = useState<QuickRow[]>(() =>
    Array.from({ length: FIRST_ROWS }, (_, index) => ({ ...emptyRow(), key: `first-${index}` })),
  );
  const [pasted, setPasted] = useState("");
  const [skipped, setSkipped] = useState<Answer["skipped"]>([]);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [leftOut, setLeftOut] = useState<ReturnType<typeof sortRows>["leftOut"]>([]);
  const [busy, setBusy] = useState(false);
  const restored = useRef(false);
  const focusRow = useRef<string | null>(null);

  // Rows typed before a reload come back, and are looked up again at today's prices.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    const kept = readStoredRows(window.localStorage.getItem(QUICK_ORDER_STORAGE_KEY));
    restored.current = true;
    if (kept.length === 0) return;
    setRows([...kept, emptyRow()]);
    void lookUp(kept);
  }, []);
  useEffect(() => {
    if (restored.current) window.localStorage.setItem(QUICK_ORDER_STORAGE_KEY, storedRows(rows));
  }, [rows]);
  useEffect(() => {
    if (!focusRow.current) return;
    document.getElementById(`quick-product-${focusRow.current}`)?.focus();
    focusRow.current = null;
  });

  /** Looks rows up, all in one request, and puts each answer on its row. */
  async function lookUp(asked: readonly QuickRow[]) {
    const lines = asked.flatMap((row) => {
      const qty = typedQuantity(row.qty);
      return row.query.trim() === "" || qty === "wrong" ? [] : [{ row, qty }];
    });
    if (lines.length === 0) return;
    try {
      const answer = await ask({
        lines: lines.map(({ row, qty }, index) => ({ line: index + 1, query: row.query.trim(), qty })),
      });
      const byKey = new Map(
        lines.map(({ row }, index) => [row.key, { query: row.query, result: answer.lines[index] ?? null }]),
      );
      // An answer for what a row no longer says (a choice made meanwhile) is dropped.
      setRows((now) =>
        now.map((row) => {
          const found = byKey.get(row.key);
          return found && found.query === row.query ? { ...row, result: found.result } : row;
        }),
      );
    } catch (error) {
      setMessage({ kind: "error", text: `The products could not be looked up: ${(error as Error).message}` });
    }
  }

  async function readPasted(text: string) {
    if (text.trim() === "") {
      setMessage({ kind: "error", text: "Paste some lines first: a SKU or a name, then a quantity." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await ask({ text });
      const added = answer.lines.map((line) => ({
        ...emptyRow(),
        query: line.query,
        qty: line.status === "found" ? String(line.qty) : "",
        result: line,
      }));
      setRows((now) => [...now.filter((row) => row.query.trim() !== ""), ...added, emptyRow()]);
      setSkipped(answer.skipped);
      setPasted("");
      setMessage({
        kind: "success",
        text: `Read ${added.length} ${added.length === 1 ? "line" : "lines"}${answer.skipped.length ? `; ${answer.skipped.length} could not be read (below)` : ""}.`,
      });
    } catch (error) {
      setMessage({ kind: "error", text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const change = (key: string, patch: Partial<QuickRow>) =>
    setRows((now) => now.map((row) => (row.key === key ? { ...row, ...patch, result: null } : row)));
  const addRow = () => {
    const row = emptyRow();
    focusRow.current = row.key;
    setRows((now) => [...now, row]);
  };

  function addAll() {
    const { added, leftOut: rest } = sortRows(rows);
    for (const line of added) cart.add(cartItemFor(line.product), line.qty);
    const total = added.reduce((sum, line) => sum + line.total, 0);
    setLeftOut(rest);
    setMessage({ kind: added.length ? "success" : "error", text: addedMessage(added.length, rest.length, total) });
    // The rows added leave the list; the ones left out stay to be fixed.
    setRows((now) => {
      const kept = now.filter((row) => !(row.result?.status === "found" && leftOutReason(row) === null));
      return kept.some((row) => row.query.trim() === "") ? kept : [...kept, emptyRow()];
    });
  }

  const total = rowsTotal(rows);
  return (
    <section className="quick-order">
      <h1>Quick order</h1>
      <p className="muted">
        Type a SKU or a few words of a product's name and its quantity, or paste lines from a spreadsheet. Quantities
        are rounded up to each product's minimum and packs.
      </p>

      <noscript>
        <p className="alert alert--error">
          Quick order needs JavaScript in the browser: turn it on, or add products from their own pages.
        </p>
      </noscript>
      <div className="quick-order__paste">
        <label htmlFor="quick-paste">Paste lines</label>
        <textarea
          id="quick-paste"
          rows={4}
          value={pasted}
          placeholder={"AMU-000016\t12\nAmul Butter 500 g, 6"}
          aria-describedby="quick-paste-hint"
          onChange={(event) => setPasted(event.currentTarget.value)}
        />
        <p id="quick-paste-hint" className="muted">
          One product a line: "SKU, quantity", a spreadsheet's two columns, or "name quantity". At most 200 lines.
        </p>
        <div className="quick-order__actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => void readPasted(pasted)}>
            Find products
          </button>
          <label className="button secondary quick-order__file">
            Upload a CSV
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="visually-hidden"
              onChange={async (event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = "";
                if (file) await readPasted((await file.text()).slice(0, 64 * 1024));
              }}
            />
          </label>
        </div>
      </div>

      {message ? (
        <p className={`alert alert--${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}{" "}
          {message.kind === "success" && message.text.startsWith("Added") ? <Link to="/cart">Go to cart</Link> : null}
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <ul className="quick-order__skipped" aria-label="Lines not read">
          {skipped.map((line) => (
            <li key={line.line}>
              Line {line.line} ("{line.text}"): {line.reason}.
            </li>
          ))}
        </ul>
      ) : null}
      {leftOut.length > 0 ? (
        <ul className="quick-order__skipped" aria-label="Left out of the cart">
          {leftOut.map((line) => (
            <li key={line.row}>
              Row {line.row} ("{line.query}"): {line.reason}.
            </li>
          ))}
        </ul>
      ) : null}

      <ol className="quick-order__rows" aria-label="Products to order">
        {rows.map((row, index) => (
          <QuickOrderRow
            key={row.key}
            row={row}
            number={index + 1}
            onChange={(patch) => change(row.key, patch)}
            onLookUp={() => void lookUp([row])}
            onEnter={addRow}
            onChoose={(query) => {
              const next = { ...row, query, result: null };
              change(row.key, { query });
              void lookUp([next]);
            }}
            onRemove={() => setRows((now) => (now.length > 1 ? now.filter((r) => r.key !== row.key) : [emptyRow()]))}
          />
        ))}
      </ol>
      <div className="quick-order__foot">
        <button type="button" className="button secondary" onClick={addRow}>
          Add a row
        </button>
        <p className="quick-order__total">
          <span className="muted">Total</span> <strong>{formatINR(total)}</strong>
        </p>
        <button type="button" className="button" onClick={addAll}>
          Add all to cart
        </button>
      </div>
    </section>
  );
}

function QuickOrderRow({
  row,
  number,
  onChange,
  onLookUp,
  onEnter,
  onChoose,
  onRemove,
}: {
  row: QuickRow;
  number: number;
  onChange: (patch: Partial<QuickRow>) => void;
  onLookUp: () => void;
  onEnter: () => void;
  onChoose: (query: string) => void;
  onRemove: () => void;
}) {
  const result = row.result;
  const quantity = useRef<HTMLInputElement>(null);
  // A row not looked up yet says nothing; a wrong quantity or an answer says what is wrong.
  const reason =
    row.query.trim() === "" || (result === null && typedQuantity(row.qty) !== "wrong") ? null : leftOutReason(row);
  return (
    <li className="quick-row">
      <ProductField
        row={row}
        number={number}
        onChange={onChange}
        onLookUp={onLookUp}
        onChoose={onChoose}
        toQuantity={() => quantity.current?.focus()}
      />
      <input
        ref={quantity}
        aria-label={`Quantity ${number}`}
        inputMode="numeric"
        placeholder="Qty"
        value={row.qty}
        maxLength={6}
        onChange={(event) => onChange({ qty: event.currentTarget.value })}
        onBlur={() => (row.result === null ? onLookUp() : undefined)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            onLookUp();
            onEnter();
          }
        }}
      />
      <div className="quick-row__found" aria-live="polite">
        {result?.status === "found" ? (
          <>
            <Link to={`/products/${result.product.slug}`}>{result.product.name}</Link>
            <span className="muted">
              {[result.product.sku, result.product.units ? unitsLabel(result.product.units) : null]
                .filter(Boolean)
                .join(" · ")}
            </span>
            <span>
              {result.qty} × {formatINR(result.unitPrice)} = <strong>{formatINR(result.total)}</strong>
            </span>
            {result.note ? <span className="quantity-note">{result.note}</span> : null}
          </>
        ) : null}
        {result?.status === "several" ? (
          <label>
            Several match "{row.query}": choose
            <select
              aria-label={`Choose the product for row ${number}`}
              defaultValue=""
              onChange={(event) => onChoose(event.currentTarget.value)}
            >
              <option value="" disabled>
                Choose…
              </option>
              {result.choices.map((choice) => (
                <option key={choice.id} value={choice.sku ?? choice.name}>
                  {choice.name} ({formatINR(choice.price)})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {reason && result?.status !== "several" ? <span className="quick-row__problem">{reason}</span> : null}
      </div>
      <button type="button" className="link-button" onClick={onRemove}>
        Remove<span className="visually-hidden"> row {number}</span>
      </button>
    </li>
  );
}
