import { ProductDetail, type ProductDetails } from "../components/product-detail";
import type { ProductSummary } from "../modules/catalog/products.server";
import { hydrateStandalone } from "./hydrate";

/** A product page's browser entry (ADR 0024): what routes/product.tsx renders, from its loader's data. */
hydrateStandalone((values) => (
  <ProductDetail product={values.product as ProductDetails} related={values.related as Promise<ProductSummary[]>} />
));
