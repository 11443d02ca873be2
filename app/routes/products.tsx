import { ProductCard } from "../components/product-card";
import { listNewestProducts } from "../modules/catalog/products.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  return { products: await listNewestProducts(context.db, store.id, 24) };
}

export function meta() {
  return [{ title: "Products" }];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="products-heading">
      <h1 id="products-heading">Products</h1>
      {loaderData.products.length === 0 ? (
        <div className="empty-state">
          <h2>No products found</h2>
          <p>Try adjusting filters or clearing them</p>
        </div>
      ) : (
        <div className="product-grid">
          {loaderData.products.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 4} />
          ))}
        </div>
      )}
    </section>
  );
}
