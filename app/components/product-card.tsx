import { memo } from "react";
import { unitsLabel } from "../modules/cart/packs";
import type { ProductSummary } from "../modules/catalog/products.server";
import { vegMarkerLabel } from "../modules/catalog/rules";
import { formatINR } from "../modules/money/format";
import { CachedPart, type CachedPartRequest } from "../platform/cached-part";
import { StaticPart, writtenOnce } from "../platform/static-part";
import { AddToCartControl } from "./add-to-cart-control";
import { appLinkAttributes } from "./ui/app-link";
import { ProductImage } from "./ui/product-image";

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

/** A price and, when it is higher, the MRP struck through (inside the card's `<p class="price">`). */
function Price({ price, mrp }: { price: number; mrp: number | null }) {
  return (
    <>
      <span className="price__now">{formatINR(price)}</span>
      {mrp !== null && mrp > price ? (
        <span className="price__mrp">
          <span className="visually-hidden">MRP </span>
          <s>{formatINR(mrp)}</s>
        </span>
      ) : null}
    </>
  );
}

const CARD_SIZES = "(min-width: 1100px) 220px, (min-width: 720px) 30vw, 46vw";
/** A card is at most about 220 px wide: 320 for a desktop, 480 or 640 for a phone at 2-3x. */
const CARD_WIDTHS = [320, 480, 640] as const;

export interface ProductCardProps {
  product: ProductSummary;
  /** Near the top of the page: its photo loads at once, with high priority. */
  eager?: boolean;
  /** The card's title sits one level under the heading of the list it is in. */
  headingLevel?: 2 | 3;
}

/** How a card starts in a page (a card holds no other article). */
export const CARD_START = '<article class="product-card">';

/** The key a card is cached under (ADR 0028): everything it is rendered from. */
export function cardKey({ product, headingLevel = 3 }: ProductCardProps): string {
  return `${headingLevel}${JSON.stringify(product)}`;
}

/**
 * A product card. In a page rendered whole on the server, a card whose photo loads lazily may be
 * taken from the parts cached by what they show (ADR 0028): HTML this component rendered before.
 * A card near the top is never kept: React puts its photo's preload in the page's head.
 * In the browser a card renders again only when its product does: not when the list around it
 * does (the drawer opening, the page learning it is hydrated).
 */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  return (
    <CachedPart {...cardPart(props)}>
      <ProductCardMarkup {...props} />
    </CachedPart>
  );
});

/** A card as a part of the page that may be kept: its link names its product. */
export function cardPart(props: ProductCardProps): CachedPartRequest {
  return {
    keyOf: () => (props.eager ? null : cardKey(props)),
    start: CARD_START,
    holds: `href="/products/${props.product.slug}"`,
  };
}

/**
 * The card itself, as every page shows it. Its photo, name, tiers and price are static parts
 * (ADR 0035): the browser hydrates the card's ADD button and leaves the rest as the server
 * wrote it, as long as the card shows the same product.
 */
function ProductCardMarkup(props: ProductCardProps) {
  const { product, eager = false, headingLevel = 3 } = props;
  const Title = headingLevel === 2 ? "h2" : "h3";
  const version = writtenOnce(() => cardKey(props));
  return (
    <article className="product-card">
      <StaticPart
        as="a"
        version={version}
        {...appLinkAttributes(`/products/${product.slug}`)}
        className="product-card__link"
      >
        <div className="product-card__media">
          {product.percentOff > 0 ? (
            <span className="badge badge--discount">{`${product.percentOff}% OFF`}</span>
          ) : null}
          <ProductImage
            src={product.photo}
            alt={product.photoAlt}
            sizes={CARD_SIZES}
            widths={CARD_WIDTHS}
            eager={eager}
          />
        </div>
        <Title className="product-card__name">
          <VegDot veg={product.veg} />
          {product.name}
        </Title>
      </StaticPart>
      {product.tiers.length > 0 ? (
        <StaticPart as="ul" version={version} className="tiers" aria-label="Quantity prices">
          {product.tiers.map((t) => (
            // One text, not three: React's server render marks the seams between texts with comments.
            <li key={t.minQty}>{`${t.minQty}+ at ${formatINR(t.unitPrice)}`}</li>
          ))}
        </StaticPart>
      ) : null}
      {product.units ? (
        <StaticPart as="p" version={version} className="units">
          {unitsLabel(product.units)}
        </StaticPart>
      ) : null}
      {product.stock.kind === "sold-out" || product.stock.kind === "low-stock" ? (
        // Above the price, so that every card of a row has its price and ADD at its foot.
        <p className={`stock stock--${product.stock.kind}`}>{product.stock.label}</p>
      ) : null}
      <div className="product-card__foot">
        <StaticPart as="p" version={version} className="price">
          <Price price={product.price} mrp={product.mrp} />
        </StaticPart>
        <AddToCartControl product={product} />
      </div>
    </article>
  );
}

/**
 * Placeholder cards shown while products load; `still` for placeholders that wait for a load
 * not started yet (no shimmer).
 */
export function SkeletonCards({ count, still = false }: { count: number; still?: boolean }) {
  return Array.from({ length: count }, (_, i) => (
    <div
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      key={i}
      className={`product-card product-card--skeleton${still ? " product-card--still" : ""}`}
      aria-hidden="true"
    >
      <div className="skeleton skeleton--image" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
    </div>
  ));
}
