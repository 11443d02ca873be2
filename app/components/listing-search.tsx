import { useEffect, useRef, useState } from "react";
import { type ListingFilters, listingHref, withQuery } from "../modules/catalog/listing";
import { useNavigate } from "../platform/navigation/navigation";
import { HiddenFilters } from "./hidden-filters";

/** The spec's listing search: "Search input debounced 300 ms". */
export const LISTING_SEARCH_DELAY_MS = 300;

/**
 * The products page's own search field (spec section 2): typing narrows the listing in place
 * 300 ms after the last key, keeping the other filters and writing `q` into the address. Without
 * scripts it is a plain GET form carrying the other filters as hidden fields.
 */
export function ListingSearch({ filters, where }: { filters: ListingFilters; where: string | null }) {
  const navigate = useNavigate();
  const [text, setText] = useState(filters.q);
  // The words this field last sent: a change of `q` from elsewhere (the header's search, a
  // pill removed, Back) is shown in the field; the field's own is not typed over.
  const sent = useRef(filters.q);
  const typed = useRef(false);

  useEffect(() => {
    if (filters.q !== sent.current) {
      sent.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      const next = withQuery(filters, text);
      if (next.q === sent.current) return;
      // Starting a search is a step Back returns from; refining it replaces the step.
      const replace = sent.current !== "";
      sent.current = next.q;
      navigate(listingHref(next), { replace, preventScrollReset: true });
    }, LISTING_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters, navigate]);

  const label = where ? `Search in ${where}` : "Search all products";
  return (
    <search aria-label={label}>
      <form
        method="get"
        action="/products"
        className="listing-search"
        onSubmit={(event) => {
          event.preventDefault();
          const next = withQuery(filters, text);
          sent.current = next.q;
          navigate(listingHref(next), { preventScrollReset: true });
        }}
      >
        <HiddenFilters filters={filters} except={["q", "page"]} />
        <label htmlFor="listing-search-input" className="visually-hidden">
          {label}
        </label>
        <input
          id="listing-search-input"
          type="search"
          name="q"
          placeholder={label}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          value={text}
          onChange={(event) => {
            typed.current = true;
            setText(event.currentTarget.value);
          }}
        />
        <button type="submit" className="button secondary">
          Search
        </button>
      </form>
    </search>
  );
}
