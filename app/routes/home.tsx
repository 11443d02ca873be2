import { Link } from "react-router";
import { ProductCard } from "../components/product-card";
import { listNewestProducts, listTopCategories } from "../modules/catalog/products.server";
import { requireStore } from "../modules/store/require-store.server";
import { storeView } from "../modules/store/settings";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const [categories, products] = await Promise.all([
    listTopCategories(context.db, store.id),
    listNewestProducts(context.db, store.id, 8),
  ]);
  const { title, tagline } = storeView(store.title, store.customisation, store.profile);
  return {
    title,
    tagline,
    banner: store.customisation.banners[0] ?? null,
    categories,
    products,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: data.title }, { name: "description", content: data.tagline || data.title }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, categories, products, title, tagline } = loaderData;
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      {banner ? (
        <Link to={banner.href} className="hero">
          <img src={banner.image} alt={banner.alt} width="1600" height="600" fetchPriority="high" />
        </Link>
      ) : null}
      {tagline ? <p className="lead">{tagline}</p> : null}
      <section aria-labelledby="shop-by-category">
        <h2 id="shop-by-category">Shop by Category</h2>
        <ul className="tile-grid">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`/products?category=${encodeURIComponent(c.slug)}`} className="tile">
                {c.logo ? <img src={c.logo} alt="" width="96" height="96" loading="lazy" /> : null}
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="new-arrivals">
        <h2 id="new-arrivals">New arrivals</h2>
        <div className="product-grid">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      </section>
    </>
  );
}
