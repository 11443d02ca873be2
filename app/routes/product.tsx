import { Link, redirect } from "react-router";
import { VegDot } from "../components/product-card";
import { findProduct } from "../modules/catalog/products.server";
import { formatINR } from "../modules/money/format";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const product = await findProduct(context.db, store.id, params.id);
  // The spec: a missing id or a load failure redirects to /products.
  if (!product) throw redirect("/products");
  return { product };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: data.product.name }, { name: "description", content: data.product.description.slice(0, 160) }];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const photo = product.photos[0];
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
        {photo ? <img src={photo.src} alt={photo.alt} width="800" height="800" fetchPriority="high" /> : null}
        <div>
          <h1>
            <VegDot veg={product.veg} />
            {product.name}
          </h1>
          {product.percentOff > 0 ? <span className="badge badge--discount">{product.percentOff}% OFF</span> : null}
          <div className="price-card">
            <p className="price">
              <span className="price__now">{formatINR(product.price)}</span>
              {product.mrp !== null && product.mrp > product.price ? (
                <span className="price__mrp">
                  MRP <s>{formatINR(product.mrp)}</s>
                </span>
              ) : null}
            </p>
            {product.percentOff > 0 ? <p className="save">Save {product.percentOff}%</p> : null}
            <p className="muted">Inclusive of all taxes</p>
            {product.stock.kind !== "unknown" ? (
              <p className={`stock stock--${product.stock.kind}`}>{product.stock.label}</p>
            ) : null}
          </div>
          <section aria-labelledby="about-product">
            <h2 id="about-product">About this product</h2>
            <p>{product.description}</p>
          </section>
        </div>
      </div>
    </article>
  );
}
