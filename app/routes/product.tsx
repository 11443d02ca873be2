import { Suspense } from "react";
import { Await, Link, redirect } from "react-router";
import { ProductCard, SkeletonCards, VegDot } from "../components/product-card";
import { ProductGallery } from "../components/product-gallery";
import { PurchasePanel } from "../components/purchase-panel";
import { imageAt } from "../components/ui/product-image";
import { findProduct, listRelatedProducts, type ProductSummary } from "../modules/catalog/products.server";
import { CATALOGUE_KEEP_SECONDS } from "../modules/http/keep";
import { requireStore } from "../modules/store/require-store.server";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  pageMeta,
  productJsonLd,
  rootSeo,
  shortDescription,
} from "../modules/store/seo";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  let product: Awaited<ReturnType<typeof findProduct>>;
  try {
    product = await findProduct(context.db, store.id, params.id);
  } catch (error) {
    context.log.error("product load failed", { id: params.id, error: String(error) });
    product = null;
  }
  // The spec: a missing id or a load failure redirects to /products.
  if (!product) throw redirect("/products");
  context.pageCache.keepFor(CATALOGUE_KEEP_SECONDS);
  context.pageCache.shows([product.id]);
  // Related products are deferred: they stream in after the page and never make it fail.
  const related = listRelatedProducts(context.db, store.id, {
    id: product.id,
    categoryId: product.category?.id ?? null,
  })
    .then((cards) => {
      context.pageCache.shows(cards.map((c) => c.id));
      return cards;
    })
    .catch((error: unknown): ProductSummary[] => {
      context.log.warn("related products failed", { id: product.id, error: String(error) });
      // The page goes out without them; the next shopper's gets another try.
      context.pageCache.dontKeep();
      return [];
    });
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

const TRUST_BADGES = ["Secure checkout", "Ships in 24-48h", "7-day support", "Chat or email"];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  return (
    <article className="product-detail">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Products</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-detail__body">
        <ProductGallery key={product.id} photos={product.photos} name={product.name} />
        <div className="product-detail__info">
          <div className="product-detail__tags">
            {product.percentOff > 0 ? <span className="badge badge--discount">{product.percentOff}% OFF</span> : null}
            {product.subCategory ? (
              <Link
                className="tag"
                to={`/products?category=${encodeURIComponent(product.category?.slug ?? "")}&sub=${encodeURIComponent(product.subCategory.slug)}`}
              >
                {product.subCategory.name}
              </Link>
            ) : null}
          </div>
          <h1>
            <VegDot veg={product.veg} />
            {product.name}
          </h1>
          {product.brand || product.packSize ? (
            <p className="muted">
              {product.brand ? (
                <Link to={`/products?brand=${encodeURIComponent(product.brand.slug)}`}>{product.brand.name}</Link>
              ) : null}
              {product.brand && product.packSize ? " · " : null}
              {product.packSize}
            </p>
          ) : null}
          <PurchasePanel key={product.id} product={product} />
          <details className="about" open>
            <summary>
              <h2>About this product</h2>
            </summary>
            <p>{product.description || "No description yet."}</p>
            <dl className="facts">
              {product.sku ? (
                <>
                  <dt>Product code</dt>
                  <dd>{product.sku}</dd>
                </>
              ) : null}
              {product.hsnCode ? (
                <>
                  <dt>HSN</dt>
                  <dd>{product.hsnCode}</dd>
                </>
              ) : null}
              {product.gstRate !== null ? (
                <>
                  <dt>GST</dt>
                  <dd>{product.gstRate}% (included in the price)</dd>
                </>
              ) : null}
            </dl>
          </details>
          <ul className="trust-badges" aria-label="Why buy from us">
            {TRUST_BADGES.map((b) => (
              <li key={b} className="trust-badge">
                {b}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <section aria-labelledby="related-heading" className="related">
        <h2 id="related-heading">Related products</h2>
        <Suspense
          fallback={
            <div className="product-grid" aria-busy="true">
              <SkeletonCards count={4} />
            </div>
          }
        >
          <Await resolve={related} errorElement={<p className="muted">No related products available</p>}>
            {(items) =>
              items.length === 0 ? (
                <p className="muted">No related products available</p>
              ) : (
                <div className="product-grid">
                  {items.map((p) => (
                    <ProductCard key={p.id} product={p} />
                  ))}
                </div>
              )
            }
          </Await>
        </Suspense>
      </section>
    </article>
  );
}
