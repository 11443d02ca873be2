import { useEffect, useState } from "react";
import type { QuickRow } from "../modules/cart/quick-order-rows";
import { formatINR } from "../modules/money/format";
import { useSuggestions } from "./use-suggestions";

/**
 * A row's product: a SKU or a few words of a name, with the store's search suggestions as the
 * shopper types (a listbox: arrows move, Enter or Tab takes the one chosen, Escape closes).
 * Enter then moves on to the quantity, where Enter adds the next row.
 */
export function ProductField({
  row,
  number,
  onChange,
  onLookUp,
  onChoose,
  toQuantity,
}: {
  row: QuickRow;
  number: number;
  onChange: (patch: Partial<QuickRow>) => void;
  onLookUp: () => void;
  onChoose: (query: string) => void;
  toQuantity: () => void;
}) {
  // Suggestions follow typing only: not rows pasted, restored or already chosen.
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const { items, status } = useSuggestions(typing ? row.query : "");
  const listId = `quick-suggest-${row.key}`;
  const open = typing && status === "done" && items.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: items stands for the answer
  useEffect(() => setActive(-1), [items]);
  const take = (index: number) => {
    const chosen = items[index];
    setTyping(false);
    if (chosen) onChoose(chosen.name);
  };
  return (
    <div className="quick-row__product">
      <input
        id={`quick-product-${row.key}`}
        aria-label={`Product ${number}, SKU or name`}
        placeholder="SKU or name"
        value={row.query}
        maxLength={200}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setTyping(true);
          onChange({ query: event.currentTarget.value });
        }}
        onBlur={() => {
          window.setTimeout(() => setTyping(false), 150);
          if (row.result === null) onLookUp();
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && open) {
            event.preventDefault();
            setActive((index) => (index + 1) % items.length);
          } else if (event.key === "ArrowUp" && open) {
            event.preventDefault();
            setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
          } else if (event.key === "Escape") {
            setTyping(false);
          } else if (event.key === "Tab" && open && active >= 0) {
            take(active);
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (open && active >= 0) take(active);
            else {
              setTyping(false);
              onLookUp();
            }
            toQuantity();
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={`Products like "${row.query}"`}
        className="quick-suggestions"
        hidden={!open}
      >
        {items.map((item, index) => (
          <div
            key={item.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="quick-suggestions__item"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              take(index);
              toQuantity();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") take(index);
            }}
          >
            <span>{item.name}</span>
            <span className="muted">
              {formatINR(item.price)}
              {item.soldOut ? " · Out of stock" : ""}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
