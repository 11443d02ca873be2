import { Suspense } from "react";
import type { findProduct, ProductSummary } from "../modules/catalog/products.server";
import { Await, Link } from "../platform/navigation/navigation";
import { ProductCard, SkeletonCards, VegDot } from "./product-card";
import { ProductGallery } from "./product-gallery";
import { PurchasePanel } from "./purchase-panel";

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

const TRUST_BADGES = ["Secure checkout", "Ships in 24-48h", "7-day support", "Chat or email"];

/**
 * The product page (spec section 2) below the header: gallery, purchase panel, details, trust
 * badges and related products, which may arrive after the page (deferred data).
 */
export function ProductDetail({ product, related }: { product: ProductDetails; related: Promise<ProductSummary[]> }) {
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
