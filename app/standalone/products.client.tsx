import type { RootData } from "../components/app-shell";
import { ProductsPage } from "../components/products-page";
import { listingTitle } from "../modules/catalog/listing";
import type { ListingPageData } from "../modules/catalog/listing-page.server";
import { hydrateStandalone } from "./hydrate";

/**
 * The products page's browser entry (ADR 0024): what routes/products.tsx renders, from its
 * loader's data; another listing (a chip, a filter, the sort, a pill, a search) is shown in
 * place from the same data as JSON.
 */
hydrateStandalone((values) => <ProductsPage data={values as unknown as ListingPageData} />, {
  shows: (url) => url.pathname === "/products",
  async load(url, signal) {
    const response = await fetch(`/api/listing${url.search}`, { signal, headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as ListingPageData;
  },
  title: (data, root) => {
    const { filters, names } = data as ListingPageData;
    return listingTitle(filters, names, (root as RootData).store.title);
  },
});
