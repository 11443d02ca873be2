import { redirect } from "react-router";
import { ProductDetail } from "../components/product-detail";
import { imageAt } from "../components/ui/product-image";
import { findProduct, listRelatedProducts, type ProductSummary } from "../modules/catalog/products.server";
import { CATALOGUE_CACHE_SECONDS } from "../modules/http/cache-seconds";
import { requireStore } from "../modules/store/require-store.server";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  pageMeta,
  productJsonLd,
  rootSeo,
  shortDescription,
} from "../modules/store/seo";
import { standaloneHandle } from "../platform/navigation/standalone";
import type { Route } from "./+types/product";

/** Sent without React Router's browser runtime: the page shoppers land on stays light (ADR 0024). */
export const handle = standaloneHandle("product");

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  // Related products are deferred: they never make the page fail. Asked for with the product,
  // they are usually ready with it, and the page goes out whole (ADR 0025).
  const related = listRelatedProducts(context.db, store.id, params.id)
    .then((cards) => {
      context.pageCache.shows(cards.map((c) => c.id));
      return cards;
    })
    .catch((error: unknown): ProductSummary[] => {
      context.log.warn("related products failed", { id: params.id, error: String(error) });
      // The page goes out without them; the next shopper's gets another try.
      context.pageCache.dontKeep();
      return [];
    });
  let product: Awaited<ReturnType<typeof findProduct>>;
  try {
    product = await findProduct(context.db, store.id, params.id);
  } catch (error) {
    context.log.error("product load failed", { id: params.id, error: String(error) });
    product = null;
  }
  // The spec: a missing id or a load failure redirects to /products.
  // (A redirect is never kept, so what its related products said they show does not matter.)
  if (!product) throw redirect("/products");
  context.pageCache.keepFor(CATALOGUE_CACHE_SECONDS);
  context.pageCache.shows([product.id]);
  return { product, related };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { origin, store } = rootSeo(matches);
  const p = data.product;
  const url = absoluteUrl(origin, `/products/${p.slug}`);
  const description = shortDescription(p.description || `${p.name} at wholesale prices from ${store.title}.`);
  const images = p.photos.map((ph) => absoluteUrl(origin, imageAt(ph.src, 960)));
  const crumbs = [
    { name: "Home", url: absoluteUrl(origin, "/") },
    { name: "Products", url: absoluteUrl(origin, "/products") },
    { name: p.name, url },
  ];
  return [
    ...pageMeta({
      title: `${p.name} | ${store.title}`,
      description,
      url,
      image: images[0],
      type: "product",
      siteName: store.title,
    }),
    { property: "product:price:amount", content: (p.price / 100).toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    productJsonLd({
      name: p.name,
      description,
      url,
      images,
      sku: p.sku,
      brand: p.brand?.name ?? null,
      priceRupees: p.price / 100,
      availability:
        p.stock.kind === "sold-out" ? "OutOfStock" : p.stock.kind === "low-stock" ? "LimitedAvailability" : "InStock",
      sellerName: store.title,
    }),
    breadcrumbJsonLd(crumbs),
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductDetail product={loaderData.product} related={loaderData.related} />;
}
