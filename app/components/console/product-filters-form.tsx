import { Form, Link } from "react-router";
import {
  ACTIVE_FILTERS,
  PRODUCT_SORTS,
  type ProductFilters,
  STOCK_FILTERS,
} from "../../modules/console/product-filters";

export interface CategoryChoice {
  id: string;
  name: string;
  subCategories: { id: string; name: string }[];
}

/** Categories with their sub-categories under them, as one list of options. */
export function CategoryOptions({ categories }: { categories: CategoryChoice[] }) {
  return (
    <>
      {categories.map((category) => [
        <option key={category.id} value={category.id}>
          {category.name}
        </option>,
        ...category.subCategories.map((sub) => (
          <option key={sub.id} value={sub.id}>
            {`${category.name} › ${sub.name}`}
          </option>
        )),
      ])}
    </>
  );
}

/** The products list's search and filters: a plain GET form, so the address says what is shown. */
export function ProductFiltersForm({
  filters,
  categories,
  brands,
}: {
  filters: ProductFilters;
  categories: CategoryChoice[];
  brands: { id: string; name: string }[];
}) {
  const narrowed = filters.q || filters.category || filters.brand || filters.active || filters.stock;
  return (
    <Form method="get" className="console-filters" role="search" aria-label="Find products">
      <div className="console-filters__search">
        <label htmlFor="products-q">Search products</label>
        <input
          id="products-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Name, SKU or a kitchen word, like atta"
        />
      </div>
      <div>
        <label htmlFor="products-category">Category</label>
        <select id="products-category" name="category" defaultValue={filters.category ?? ""}>
          <option value="">Any</option>
          <CategoryOptions categories={categories} />
        </select>
      </div>
      <div>
        <label htmlFor="products-brand">Brand</label>
        <select id="products-brand" name="brand" defaultValue={filters.brand ?? ""}>
          <option value="">Any</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="products-active">On sale</label>
        <select id="products-active" name="active" defaultValue={filters.active ?? ""}>
          <option value="">Any</option>
          {ACTIVE_FILTERS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="products-stock">Stock</label>
        <select id="products-stock" name="stock" defaultValue={filters.stock ?? ""}>
          <option value="">Any</option>
          {STOCK_FILTERS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="products-sort">Sort by</label>
        <select id="products-sort" name="sort" defaultValue={filters.sort}>
          {PRODUCT_SORTS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      <div className="console-filters__buttons">
        <button type="submit" className="button">
          Apply
        </button>
        {narrowed ? (
          <Link className="button secondary" to="/admin/products">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
