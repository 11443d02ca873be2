import { type ListingFilters, listingSearch } from "../modules/catalog/listing";

/** The current filters as hidden fields, so plain HTML forms (sort, filter drawer) keep them. */
export function HiddenFilters({ filters, except }: { filters: ListingFilters; except: (keyof ListingFilters)[] }) {
  const params = new URLSearchParams(listingSearch(filters));
  return [...params]
    .filter(([name]) => !except.includes(name as keyof ListingFilters))
    .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
