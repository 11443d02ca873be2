import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ProductCard } from "../../components/product-card";
import { demoCatalogue, makeProduct } from "../../demo/factories";
import { slugify, type ValidProduct, validateCatalogue } from "../catalog/catalogue-input";
import { productRow } from "../catalog/catalogue-writer.server";
import { type ProductSummary, toSummary } from "../catalog/products.server";
import { withDocumentLinks } from "../navigation/document";
import { NavigationContext } from "../navigation/navigation";
import { reactRouterNavigation } from "../navigation/react-router";
import { CardCache, cardKey, cardSlots } from "./card-cache.server";
import { renderWholePage } from "./whole-page.server";

/** A product of the demo catalogue as the catalogue writer stores it and a listing's data holds it. */
function summaryOf(p: ValidProduct, n: number, hasSizes = false): ProductSummary {
  const slug = slugify(p.name);
  const keys = { storeId: STORE_ID, slug, categoryId: null, subCategoryId: null, brandId: null };
  const row = productRow(p, { ...keys, id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}` });
  return toSummary({ ...row, photo: `/media/demo/p/${slug}.svg`, photoAlt: null, hasSizes });
}
const STORE_ID = "00000000-0000-4000-8000-0000000000aa";

const { products: demo } = validateCatalogue({
  products: [
    ...demoCatalogue({ products: 30 }).products,
    makeProduct({ name: "Amul Butter 100 g", inventory: 0 }),
    makeProduct({ name: "Amul Butter 500 g", inventory: 4 }),
    makeProduct({ name: "Fortune Sunflower Oil" }),
    makeProduct({ name: 'Kaju <template data-mandi-card="0"></template> & "W240"', vegType: null }),
  ],
});
/** Thirty demo products, then one sold out, one low in stock, one sold in sizes and one with a name full of markup. */
const shelf: ProductSummary[] = demo.map((p, i) => summaryOf(p, i, p.name === "Fortune Sunflower Oil"));

/** A page of product cards as a standalone page renders them: the document's links. */
function Page({ products, heading = 2 }: { products: ProductSummary[]; heading?: 2 | 3 }) {
  return (
    <html lang="en-IN">
      <head>
        <title>Dairy &amp; Eggs</title>
      </head>
      <body>
        <main>
          <h1>Dairy &amp; Eggs</h1>
          <div className="product-grid">
            {products.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 2} headingLevel={heading} />
            ))}
          </div>
          <p>{products.length} products</p>
        </main>
      </body>
    </html>
  );
}

const navigation = withDocumentLinks(reactRouterNavigation);
const withLinks = (node: ReactNode) => <NavigationContext value={navigation}>{node}</NavigationContext>;

function render(page: ReactNode, cache?: CardCache): string | null {
  return renderWholePage(withLinks(page), cache && cardSlots(cache))?.toString() ?? null;
}

describe("product cards kept by what they show", () => {
  it("make the same page byte for byte as rendering every card, kept or not", () => {
    const cache = new CardCache(4 * 1024 * 1024);
    const plain = render(<Page products={shelf} />);
    // A name that holds a placeholder's text is written escaped, as every text is.
    expect(plain).toContain(
      "Kaju &lt;template data-mandi-card=&quot;0&quot;&gt;&lt;/template&gt; &amp; &quot;W240&quot;",
    );
    const first = render(<Page products={shelf} />, cache);
    expect(first).toBe(plain);
    // The two cards at the top are always rendered in the page (their photos' preloads); the rest are kept.
    expect(cache.report()).toMatchObject({ cards: shelf.length - 2, hits: 0, misses: shelf.length - 2 });
    const again = render(<Page products={shelf} />, cache);
    expect(again).toBe(plain);
    expect(cache.report()).toMatchObject({ cards: shelf.length - 2, hits: shelf.length - 2 });
    // Every card, including the sold-out one, the one with sizes (a link) and the one without a veg mark.
    expect(plain).toContain("Sold out");
    expect(plain).toContain("Choose size");
    expect(plain).not.toContain("<template");
  });

  it("are kept apart by their heading's level, and fill pages in another order", () => {
    const cache = new CardCache(4 * 1024 * 1024);
    render(<Page products={shelf} heading={2} />, cache);
    const reversed = [...shelf].reverse();
    expect(render(<Page products={reversed} heading={3} />, cache)).toBe(
      render(<Page products={reversed} heading={3} />),
    );
    expect(render(<Page products={reversed} heading={2} />, cache)).toBe(
      render(<Page products={reversed} heading={2} />),
    );
    expect(cache.report().cards).toBe((shelf.length - 2) * 2 + 2);
  });

  it("never send a product's old card once its price or stock changed", () => {
    const cache = new CardCache(4 * 1024 * 1024);
    const butter = shelf[5] as ProductSummary;
    const products = [shelf[0], shelf[1], butter] as ProductSummary[];
    render(<Page products={products} />, cache);
    const cheaper = { ...butter, price: butter.price - 100_00 };
    const soldOut = { ...butter, stock: { kind: "sold-out", label: "Sold out" } as const, maxQty: 0 };
    for (const changed of [cheaper, soldOut]) {
      const page = <Page products={[shelf[0], shelf[1], changed] as ProductSummary[]} />;
      expect(render(page, cache)).toBe(render(page));
    }
    expect(render(<Page products={[shelf[0], shelf[1], cheaper] as ProductSummary[]} />, cache)).toContain(
      `Add ${butter.name} to cart`,
    );
    expect(cache.report()).toMatchObject({ cards: 3, hits: 1, misses: 3 });
  });

  it("hold at most their size, dropping the least recently used first", () => {
    // Twenty-two cards of one size: the same pack under other ids.
    const base = shelf[2] as ProductSummary;
    const packs = Array.from({ length: 22 }, (_, n) => ({
      ...base,
      id: `${base.id.slice(0, -2)}${String(n).padStart(2, "0")}`,
    }));
    const page = (...ps: ProductSummary[]) => <Page products={[shelf[0], shelf[1], ...ps] as ProductSummary[]} />;
    const measure = new CardCache(1024 * 1024);
    render(page(base), measure);
    const size = measure.report().bytes;
    // The key and a card of more than a thousand characters, at two bytes a character.
    expect(size).toBeGreaterThan((cardKey({ product: base, headingLevel: 2 }).length + 1000) * 2);
    const cache = new CardCache(size * 20 + size / 2);
    render(page(...packs.slice(0, 20)), cache);
    expect(cache.report()).toMatchObject({ cards: 20, bytes: size * 20, misses: 20 });
    render(page(packs[0] as ProductSummary), cache); // the first is now the most recently used
    render(page(...packs.slice(20)), cache); // the second and third go
    expect(cache.report()).toMatchObject({ cards: 20, bytes: size * 20, hits: 1, misses: 22 });
    render(page(packs[0] as ProductSummary, packs[3] as ProductSummary, packs[21] as ProductSummary), cache);
    expect(cache.report()).toMatchObject({ hits: 4, misses: 22 });
    render(page(packs[1] as ProductSummary), cache);
    expect(cache.report()).toMatchObject({ hits: 4, misses: 23 });
  });

  it("are all rendered in the page when none may be kept", () => {
    const cache = new CardCache(0);
    expect(render(<Page products={shelf} />, cache)).toBe(render(<Page products={shelf} />));
    expect(cache.report()).toEqual({ cards: 0, bytes: 0, hits: 0, misses: 0 });
  });

  it("keep nothing from a page that does not hold the cards asked for, in their order, and leave it to the streaming renderer", () => {
    const cache = new CardCache(1024 * 1024);
    const [paneer, cheese] = shelf.slice(2, 4) as [ProductSummary, ProductSummary];
    const card = (p: ProductSummary) =>
      `<article class="product-card"><a href="/products/${p.slug}">${p.name}</a></article>`;

    // Rendered in the page: the page's next card must be the one asked for.
    const asked = cardSlots(cache);
    expect(asked.slot({ product: paneer })).toBeNull();
    expect(asked.fill(`<main>${card(cheese)}</main>`)).toBeNull();
    expect(asked.fill("<main></main>")).toBeNull();
    expect(asked.fill(`<main><article class="product-card">${paneer.name}</main>`)).toBeNull();
    expect(cache.report().cards).toBe(0);
    expect(asked.fill(`<main>${card(paneer)}</main>`)).toBe(`<main>${card(paneer)}</main>`);
    expect(cache.report().cards).toBe(1);

    // Kept: its placeholder must be in the page.
    const again = cardSlots(cache);
    expect(again.slot({ product: paneer })).toBe(0);
    expect(again.fill('<main><template data-mandi-card="1"></template></main>')).toBeNull();
    expect(again.fill("<main></main>")).toBeNull();
    expect(again.fill('<main><template data-mandi-card="0"></template></main>')).toBe(`<main>${card(paneer)}</main>`);
    // A page that asked for no cards is left as it is.
    expect(cardSlots(cache).fill("<p>no cards</p>")).toBe("<p>no cards</p>");
  });

  it("are rendered once, in the first page that shows them", () => {
    const cache = new CardCache(4 * 1024 * 1024);
    const first = cardSlots(cache);
    const html = renderWholePage(withLinks(<Page products={shelf} />), first)?.toString() ?? "";
    expect(html).toBe(render(<Page products={shelf} />));
    // Each lazy card was rendered in the page, then kept as the page holds it.
    for (const product of shelf.slice(2)) {
      const kept = cardSlots(cache);
      expect(kept.slot({ product, headingLevel: 2 })).toBe(0);
      const filled = kept.fill('<template data-mandi-card="0"></template>') ?? "";
      expect(html).toContain(filled);
      expect(filled).toMatch(/^<article class="product-card">.*<\/article>$/);
    }
  });
});
