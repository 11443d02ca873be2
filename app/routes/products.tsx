import { Link } from "react-router";
import { ProductsPage } from "../components/products-page";
import { listingHref, listingTitle } from "../modules/catalog/listing";
import { loadListingPage } from "../modules/catalog/listing-page.server";
import { absoluteUrl, pageMeta, rootSeo } from "../modules/store/seo";
import { standaloneHandle } from "../platform/navigation/standalone";
import type { Route } from "./+types/products";

/**
 * Sent without React Router's browser runtime when opened as a document: the listing shows the
 * other listings in place from their data as JSON (/api/listing), as React Router would (ADR 0024).
 */
export const handle = standaloneHandle("products");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadListingPage(url, context);
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { origin, store } = rootSeo(matches);
  const where = data.names.sub ?? data.names.category;
  return pageMeta({
    title: listingTitle(data.filters, data.names, store.title),
    description: where
      ? `Buy ${where} in bulk for hotels, restaurants and caterers at wholesale prices from ${store.title}. Prices include GST.`
      : `Wholesale groceries and catering supplies from ${store.title}: browse by category and brand, with prices that include GST.`,
    url: absoluteUrl(origin, listingHref(data.filters)),
    siteName: store.title,
    // Search results are for shoppers, not for search engines.
    noindex: Boolean(data.filters.q),
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductsPage data={loaderData} />;
}

export function ErrorBoundary() {
  return (
    <section className="listing">
      <h1>Products</h1>
      <p className="alert alert--error" role="alert">
        Failed to load products
      </p>
      <p>
        <Link to="/products" reloadDocument>
          Try again
        </Link>
      </p>
    </section>
  );
}
