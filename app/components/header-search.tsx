import { useEffect, useState } from "react";
import { formatINR } from "../modules/money/format";
import type { Suggestion } from "../modules/search/suggestions.server";
import { useLocation, useNavigate } from "../platform/navigation/navigation";
import { useAddressChange } from "../platform/navigation/use-address-change";
import { imageAt } from "./ui/product-image";
import { useSuggestions } from "./use-suggestions";

/**
 * The suggestions list's id: a page has one header search, and a fixed id keeps the header the
 * same wherever it stands in a page's tree, as a cached header must be (ADR 0030).
 */
const LIST_ID = "header-search-suggestions";

/**
 * The header search box (spec section 2): suggestions with photo, name, price and an
 * out-of-stock mark as a listbox (arrow keys, Enter, Escape); Enter without a choice goes to
 * /products?q=, a choice goes to the product. Without JavaScript it is a plain GET form.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const listId = LIST_ID;
  const [text, setText] = useState(() => new URLSearchParams(location.search).get("q") ?? "");
  const { items, status } = useSuggestions(text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A navigation closes the suggestions (not the first render: words typed while the page
  // hydrates keep theirs).
  useAddressChange(location.key, () => {
    setOpen(false);
    setActive(-1);
  });

  // A new list of suggestions starts with none chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items stands for the answer
  useEffect(() => setActive(-1), [items]);

  const showList = open && text.trim() !== "" && status === "done";
  const choose = (s: Suggestion) => {
    setOpen(false);
    navigate(`/products/${s.id}`);
  };

  return (
    <search className="header-search">
      <form
        method="get"
        action="/products"
        onSubmit={(e) => {
          e.preventDefault();
          const chosen = active >= 0 ? items[active] : undefined;
          if (chosen) return choose(chosen);
          const q = text.trim();
          setOpen(false);
          navigate(q ? `/products?q=${encodeURIComponent(q)}` : "/products");
        }}
      >
        <label htmlFor="header-search-input" className="visually-hidden">
          Search products
        </label>
        <input
          id="header-search-input"
          type="search"
          name="q"
          placeholder="Search"
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && items.length > 0) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % items.length);
            } else if (e.key === "ArrowUp" && items.length > 0) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (e.key === "Escape") {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        <button type="submit" className="header-search__submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
            />
          </svg>
        </button>
      </form>
      <div className="suggestions" hidden={!showList}>
        {items.length === 0 ? <p className="suggestions__empty">No results</p> : null}
        <div id={listId} role="listbox" aria-label="Suggestions" className="suggestions__list">
          {items.map((s, i) => (
            <div
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className="suggestions__item"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onKeyDown={(e) => {
                if (e.key === "Enter") choose(s);
              }}
            >
              {s.photo ? (
                <img src={imageAt(s.photo, 160)} alt="" width="40" height="40" loading="lazy" />
              ) : (
                <span className="suggestions__blank" />
              )}
              <span className="suggestions__name">{s.name}</span>
              <span className="suggestions__price">
                {formatINR(s.price)}
                {s.soldOut ? <span className="suggestions__out"> · Out of stock</span> : null}
              </span>
            </div>
          ))}
        </div>
      </div>
    </search>
  );
}
