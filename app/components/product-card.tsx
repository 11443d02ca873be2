import { Link } from "react-router";
import type { ProductSummary } from "../modules/catalog/products.server";
import { vegMarkerLabel } from "../modules/catalog/rules";
import { formatINR } from "../modules/money/format";

export function VegDot({ veg }: { veg: ProductSummary["veg"] }) {
  if (!veg) return null;
  return (
    <span
      className={`veg-dot veg-dot--${veg}`}
      role="img"
      aria-label={vegMarkerLabel(veg)}
      title={vegMarkerLabel(veg)}
    />
  );
}

export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          {product.percentOff > 0 ? <span className="badge badge--discount">{product.percentOff}% OFF</span> : null}
          {product.photo ? (
            <img
              src={product.photo}
              alt={product.photoAlt}
              width="400"
              height="400"
              loading={eager ? "eager" : "lazy"}
              decoding="async"
            />
          ) : null}
        </div>
        <h3 className="product-card__name">
          <VegDot veg={product.veg} />
          {product.name}
        </h3>
      </Link>
      {product.tiers.length > 0 ? (
        <ul className="tiers" aria-label="Quantity prices">
          {product.tiers.map((t) => (
            <li key={t.minQty}>
              {t.minQty}+ at {formatINR(t.unitPrice)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="price">
        <span className="price__now">{formatINR(product.price)}</span>
        {product.mrp !== null && product.mrp > product.price ? (
          <span className="price__mrp">
            <span className="visually-hidden">MRP </span>
            <s>{formatINR(product.mrp)}</s>
          </span>
        ) : null}
      </p>
      {product.stock.kind === "sold-out" || product.stock.kind === "low-stock" ? (
        <p className={`stock stock--${product.stock.kind}`}>{product.stock.label}</p>
      ) : null}
    </article>
  );
}
