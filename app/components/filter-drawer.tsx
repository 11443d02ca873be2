import { useEffect, useRef } from "react";
import { DISCOUNT_CHOICES, type FilterPill, type ListingFilters, listingSearch } from "../modules/catalog/listing";
import { Link } from "../platform/navigation/navigation";
import { HiddenFilters } from "./hidden-filters";

/**
 * The form is read as the server reads a link (./listing-params.ts, with zod), by a module
 * fetched when the drawer first opens rather than with the page (ADR 0022). Apply pressed while
 * it is on its way waits for it; if it cannot be fetched, Apply submits the form as a plain GET,
 * as it does without scripts, and the next opening tries again.
 */
type Reader = (params: URLSearchParams) => ListingFilters;
let readParams: Reader | null = null;
let loading: Promise<Reader | null> | null = null;
function loadReader(): void {
  if (readParams || loading) return;
  loading = import("../modules/catalog/listing-params").then(
    (m) => {
      readParams = m.parseListingParams;
      return readParams;
    },
    () => {
      loading = null; // offline: Apply stays a plain form submission until a later opening fetches it
      return null;
    },
  );
}

/** The form's filled fields, as a link would carry them. */
function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && value !== "") params.append(name, value);
  return params;
}

interface Props {
  open: boolean;
  onClose(): void;
  filters: ListingFilters;
  subCategories: { id: string; name: string; slug: string }[];
  categoryName: string | null;
  pills: FilterPill[];
  onApply(next: ListingFilters): void;
}

/**
 * The products page's filter drawer (spec section 2): sub-category chips, price range and
 * discount, the active-filter pills, Clear all, Clear and Apply. A native modal <dialog>, so
 * focus stays inside and Escape closes it; without JavaScript the Filters link opens it as the
 * page's #filters target and Apply submits a plain GET form.
 */
export function FilterDrawer({ open, onClose, filters, subCategories, categoryName, pills, onApply }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open) loadReader();
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const clear = () => {
    const f = form.current;
    if (!f) return;
    for (const input of f.querySelectorAll<HTMLInputElement>("input[type=radio]")) input.checked = input.value === "";
    for (const input of f.querySelectorAll<HTMLInputElement>("input[type=number]")) input.value = "";
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the dialog handles itself
    <dialog
      ref={dialog}
      id="filters"
      className="drawer"
      aria-labelledby="filters-heading"
      onClose={onClose}
      onCancel={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog itself, outside its panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <form
        ref={form}
        method="get"
        action="/products"
        className="drawer__panel"
        onSubmit={(e) => {
          const el = e.currentTarget;
          if (readParams) {
            e.preventDefault();
            onApply(readParams(formParams(el)));
          } else if (loading) {
            // The form as it was when Apply was pressed, read once the module is here.
            e.preventDefault();
            const params = formParams(el);
            loading.then((read) => (read ? onApply(read(params)) : el.submit()));
          }
        }}
      >
        <div className="drawer__head">
          <h2 id="filters-heading">Filters</h2>
          <a
            href={`/products${listingSearch(filters)}`}
            className="icon-button"
            aria-label="Close filters"
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
          >
            ×
          </a>
        </div>

        <HiddenFilters filters={filters} except={["sub", "min", "max", "disc", "page"]} />

        {pills.length > 0 ? (
          <div className="drawer__section">
            <h3>Active filters</h3>
            <ul className="pill-list">
              {pills.map((p) => (
                <li key={p.key}>
                  <Link
                    to={`/products${listingSearch(p.without)}`}
                    className="pill"
                    aria-label={`Remove filter ${p.label}`}
                  >
                    {p.label} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link to="/products" className="text-button">
              Clear all
            </Link>
          </div>
        ) : null}

        <fieldset className="drawer__section">
          <legend>Sub-category</legend>
          {subCategories.length === 0 ? (
            <p className="muted">
              {categoryName ? "This category has no sub-categories." : "Pick a category to see its sub-categories."}
            </p>
          ) : (
            <div className="chip-group">
              <label className="chip">
                <input type="radio" name="sub" value="" defaultChecked={!filters.sub} />
                All {categoryName ?? ""}
              </label>
              {subCategories.map((s) => (
                <label key={s.id} className="chip">
                  <input type="radio" name="sub" value={s.slug} defaultChecked={filters.sub === s.slug} />
                  {s.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <fieldset className="drawer__section">
          <legend>Price (₹)</legend>
          <div className="price-range">
            <label>
              Min
              <input type="number" name="min" min="0" step="1" inputMode="numeric" defaultValue={filters.min ?? ""} />
            </label>
            <label>
              Max
              <input type="number" name="max" min="0" step="1" inputMode="numeric" defaultValue={filters.max ?? ""} />
            </label>
          </div>
        </fieldset>

        <fieldset className="drawer__section">
          <legend>Discount</legend>
          <div className="chip-group">
            <label className="chip">
              <input type="radio" name="disc" value="" defaultChecked={filters.disc === null} />
              Any
            </label>
            {DISCOUNT_CHOICES.map((d) => (
              <label key={d} className="chip">
                <input type="radio" name="disc" value={d} defaultChecked={filters.disc === d} />
                {`${d}% or more`}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="drawer__actions">
          <button type="button" className="button secondary" onClick={clear}>
            Clear
          </button>
          <button type="submit" className="button">
            Apply
          </button>
        </div>
      </form>
    </dialog>
  );
}
