import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { AppShell, type RootData } from "./components/app-shell";
import { ProductDetail, type ProductDetails } from "./components/product-detail";
import type { ProductSummary } from "./modules/catalog/products.server";
import { HYDRATING_EVENT } from "./modules/http/hydration-events";
import { documentNavigation } from "./modules/navigation/document";
import { installNavigation } from "./modules/navigation/navigation";
import { STANDALONE_ROOT_ID, type StandalonePage } from "./modules/navigation/standalone";
import { readStandaloneData } from "./modules/navigation/standalone-data";

/**
 * The browser entry of standalone pages (ADR 0024): a product page hydrates its frame and its own
 * part with the document as their router, without React Router's browser runtime. Each page
 * renders here what its route component renders on the server, from the same loader data.
 */
const PAGES: Record<StandalonePage, (values: Record<string, unknown>) => ReactNode> = {
  product: (values) => (
    <ProductDetail product={values.product as ProductDetails} related={values.related as Promise<ProductSummary[]>} />
  ),
};

function hydrate() {
  const data = readStandaloneData(document);
  const container = document.getElementById(STANDALONE_ROOT_ID);
  if (!container) throw new Error(`The page has no #${STANDALONE_ROOT_ID}`);
  installNavigation(documentNavigation({ root: data.root }));
  // From here on React answers clicks itself; the ones before were kept by the page (ADR 0015).
  document.dispatchEvent(new Event(HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppShell root={data.root as RootData}>{PAGES[data.page](data.values)}</AppShell>
      </StrictMode>,
    );
  });
}

// The page's deferred parts are written as they arrive: React takes the page once it is whole.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrate, { once: true });
else hydrate();
