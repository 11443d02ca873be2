/**
 * The products list's filters as the address carries them (issue 56). Anything the server does
 * not know is dropped, never passed on: a shelf is an id, a state or a sort is one of a fixed
 * list, a search is at most 100 characters and a page a number.
 */

export const STOCK_FILTERS = [
  { value: "in", label: "In stock" },
  { value: "low", label: "Low" },
  { value: "out", label: "Sold out" },
  { value: "untracked", label: "Not counted" },
] as const;

export const ACTIVE_FILTERS = [
  { value: "on", label: "On sale" },
  { value: "off", label: "Off sale" },
] as const;

export const PRODUCT_SORTS = [
  { value: "name", label: "Name, A to Z" },
  { value: "newest", label: "Newest first" },
  { value: "updated", label: "Recently changed" },
  { value: "price", label: "Price, low to high" },
  { value: "price-desc", label: "Price, high to low" },
  { value: "stock", label: "Stock, least first" },
] as const;

export const PRODUCTS_PER_PAGE = 50;

type ValueOf<T extends readonly { value: string }[]> = T[number]["value"];

export interface ProductFilters {
  q: string;
  category: string | null;
  brand: string | null;
  active: ValueOf<typeof ACTIVE_FILTERS> | null;
  stock: ValueOf<typeof STOCK_FILTERS> | null;
  sort: ValueOf<typeof PRODUCT_SORTS>;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends readonly { value: string }[]>(list: T, value: string | null): ValueOf<T> | null {
  return list.find((entry) => entry.value === value)?.value ?? null;
}

export function readProductFilters(params: URLSearchParams): ProductFilters {
  const id = (name: string) => {
    const value = params.get(name) ?? "";
    return UUID.test(value) ? value.toLowerCase() : null;
  };
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: id("category"),
    brand: id("brand"),
    active: oneOf(ACTIVE_FILTERS, params.get("active")),
    stock: oneOf(STOCK_FILTERS, params.get("stock")),
    sort: oneOf(PRODUCT_SORTS, params.get("sort")) ?? "name",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of the list with these filters, leaving out what is as by default. */
export function productListAddress(filters: ProductFilters, changes: Partial<ProductFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.brand) params.set("brand", next.brand);
  if (next.active) params.set("active", next.active);
  if (next.stock) params.set("stock", next.stock);
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return `/admin/products${query ? `?${query}` : ""}`;
}
