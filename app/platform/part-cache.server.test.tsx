import type { ReactNode } from "react";
import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import { type HomeData, HomePage, type HomeTile } from "../components/home-page";
import { cardKey, cardPart, ProductCard } from "../components/product-card";
import { CategoryChips } from "../components/products-page";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { DEMO_BRANDS, DEMO_CATEGORIES } from "../demo/catalogue-data";
import { demoCatalogue, makeProduct, makeStore } from "../demo/factories";
import type { AccountBadge } from "../modules/accounts/request.server";
import { slugify, type ValidProduct, validateCatalogue } from "../modules/catalog/catalogue-input";
import { productRow } from "../modules/catalog/catalogue-writer.server";
import { parseListingParams } from "../modules/catalog/listing-params";
import { type ProductSummary, toSummary } from "../modules/catalog/products.server";
import { NEWSLETTER_MESSAGES } from "../modules/store/newsletter";
import { type StoreCustomisation, type StoreProfile, type StoreView, storeView } from "../modules/store/settings";
import { withDocumentLinks } from "./navigation/document";
import { type Navigation, NavigationContext } from "./navigation/navigation";
import { reactRouterNavigation } from "./navigation/react-router";
import { cutSecrets, joinSecrets } from "./page-secrets.server";
import { bytesOfItsOwn, type CachedHtml, elementEnd, PartCache, partSlots } from "./part-cache.server";
import { renderWholePage } from "./whole-page.server";

/** A product of the demo catalogue as the catalogue writer stores it and a listing's data holds it. */
function summaryOf(p: ValidProduct, n: number, hasSizes = false): ProductSummary {
  const slug = slugify(p.name);
  const keys = { storeId: STORE_ID, slug, categoryId: null, subCategoryId: null, brandId: null };
  const row = productRow(p, { ...keys, id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}` });
  return toSummary({ ...row, photo: `/media/demo/p/${slug}.svg`, photoAlt: null, hasSizes });
}
/** The nonce and anti-forgery token of the request being rendered. */
const SECRETS = { nonce: "hd8XkqLQ3m0tH2yvR5pWcA==", csrf: "q0TzN8m3cJ5vW1xY7bK2pR.4sD6fG9hL0aB1cD2eF3gHi" };
const STORE_ID = "00000000-0000-4000-8000-0000000000aa";

const { products: demo } = validateCatalogue({
  products: [
    ...demoCatalogue({ products: 30 }).products,
    makeProduct({ name: "Amul Butter 100 g", inventory: 0 }),
    makeProduct({ name: "Amul Butter 500 g", inventory: 4 }),
    makeProduct({ name: "Fortune Sunflower Oil" }),
    makeProduct({ name: 'Kaju <template data-mandi-part="0"></template> & "W240"', vegType: null }),
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

function render(page: ReactNode, cache?: PartCache): string | null {
  return renderWholePage(withLinks(page), cache && partSlots(cache, SECRETS))?.toString() ?? null;
}

describe("product cards cached by what they show", () => {
  it("make the same page byte for byte as rendering every card, kept or not", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    const plain = render(<Page products={shelf} />);
    // A name that holds a placeholder's text is written escaped, as every text is.
    expect(plain).toContain(
      "Kaju &lt;template data-mandi-part=&quot;0&quot;&gt;&lt;/template&gt; &amp; &quot;W240&quot;",
    );
    const first = render(<Page products={shelf} />, cache);
    expect(first).toBe(plain);
    // The two cards at the top are always rendered in the page (their photos' preloads); the rest are kept.
    expect(cache.report()).toMatchObject({ parts: shelf.length - 2, hits: 0, misses: shelf.length - 2 });
    const again = render(<Page products={shelf} />, cache);
    expect(again).toBe(plain);
    expect(cache.report()).toMatchObject({ parts: shelf.length - 2, hits: shelf.length - 2 });
    // Every card, including the sold-out one, the one with sizes (a link) and the one without a veg mark.
    expect(plain).toContain("Sold out");
    expect(plain).toContain("Choose size");
    expect(plain).not.toContain("<template");
  });

  it("are kept apart by their heading's level, and fill pages in another order", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    render(<Page products={shelf} heading={2} />, cache);
    const reversed = [...shelf].reverse();
    expect(render(<Page products={reversed} heading={3} />, cache)).toBe(
      render(<Page products={reversed} heading={3} />),
    );
    expect(render(<Page products={reversed} heading={2} />, cache)).toBe(
      render(<Page products={reversed} heading={2} />),
    );
    expect(cache.report().parts).toBe((shelf.length - 2) * 2 + 2);
  });

  it("never send a product's old card once its price or stock changed", () => {
    const cache = new PartCache(4 * 1024 * 1024);
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
    expect(cache.report()).toMatchObject({ parts: 3, hits: 1, misses: 3 });
  });

  it("hold at most their size, dropping the least recently used first", () => {
    // Twenty-two cards of one size: the same pack under other ids.
    const base = shelf[2] as ProductSummary;
    const packs = Array.from({ length: 22 }, (_, n) => ({
      ...base,
      id: `${base.id.slice(0, -2)}${String(n).padStart(2, "0")}`,
    }));
    const page = (...ps: ProductSummary[]) => <Page products={[shelf[0], shelf[1], ...ps] as ProductSummary[]} />;
    const measure = new PartCache(1024 * 1024);
    render(page(base), measure);
    const size = measure.report().bytes;
    // The key at two bytes a character, and a card of more than a thousand bytes.
    expect(size).toBeGreaterThan(cardKey({ product: base, headingLevel: 2 }).length * 2 + 1000);
    const cache = new PartCache(size * 20 + size / 2);
    render(page(...packs.slice(0, 20)), cache);
    expect(cache.report()).toMatchObject({ parts: 20, bytes: size * 20, misses: 20 });
    render(page(packs[0] as ProductSummary), cache); // the first is now the most recently used
    render(page(...packs.slice(20)), cache); // the second and third go
    expect(cache.report()).toMatchObject({ parts: 20, bytes: size * 20, hits: 1, misses: 22 });
    render(page(packs[0] as ProductSummary, packs[3] as ProductSummary, packs[21] as ProductSummary), cache);
    expect(cache.report()).toMatchObject({ hits: 4, misses: 22 });
    render(page(packs[1] as ProductSummary), cache);
    expect(cache.report()).toMatchObject({ hits: 4, misses: 23 });
  });

  it("are all rendered in the page when none may be kept", () => {
    const cache = new PartCache(0);
    expect(render(<Page products={shelf} />, cache)).toBe(render(<Page products={shelf} />));
    expect(cache.report()).toEqual({ parts: 0, bytes: 0, hits: 0, misses: 0 });
  });

  it("keep nothing from a page that does not hold the cards asked for, in their order, and leave it to the streaming renderer", () => {
    const cache = new PartCache(1024 * 1024);
    const [paneer, cheese] = shelf.slice(2, 4) as [ProductSummary, ProductSummary];
    const card = (p: ProductSummary) =>
      `<article class="product-card"><a href="/products/${p.slug}">${p.name}</a></article>`;

    // Rendered in the page: the page's next card must be the one asked for.
    const asked = partSlots(cache, SECRETS);
    expect(asked.slot(cardPart({ product: paneer }))).toBeNull();
    expect(asked.fill(`<main>${card(cheese)}</main>`)).toBeNull();
    expect(asked.fill("<main></main>")).toBeNull();
    expect(asked.fill(`<main><article class="product-card">${paneer.name}</main>`)).toBeNull();
    expect(cache.report().parts).toBe(0);
    expect(asked.fill(`<main>${card(paneer)}</main>`)?.toString()).toBe(`<main>${card(paneer)}</main>`);
    expect(cache.report().parts).toBe(1);

    // Kept: its placeholder must be in the page.
    const again = partSlots(cache, SECRETS);
    expect(again.slot(cardPart({ product: paneer }))).toBe(0);
    expect(again.fill('<main><template data-mandi-part="1"></template></main>')).toBeNull();
    expect(again.fill("<main></main>")).toBeNull();
    expect(again.fill('<main><template data-mandi-part="0"></template></main>')?.toString()).toBe(
      `<main>${card(paneer)}</main>`,
    );
    // A page that asked for no cards is left as it is.
    expect(partSlots(cache, SECRETS).fill("<p>no cards</p>")?.toString()).toBe("<p>no cards</p>");
  });

  it("are rendered once, in the first page that shows them", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    const first = partSlots(cache, SECRETS);
    const html = renderWholePage(withLinks(<Page products={shelf} />), first)?.toString() ?? "";
    expect(html).toBe(render(<Page products={shelf} />));
    // Each lazy card was rendered in the page, then cached as the page holds it.
    for (const product of shelf.slice(2)) {
      const kept = partSlots(cache, SECRETS);
      expect(kept.slot(cardPart({ product, headingLevel: 2 }))).toBe(0);
      const filled = kept.fill('<template data-mandi-part="0"></template>')?.toString() ?? "";
      expect(html).toContain(filled);
      expect(filled).toMatch(/^<article class="product-card">.*<\/article>$/);
    }
  });

  it("hold each card in memory of its own, so that a cached card keeps no more than its bytes", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    render(<Page products={shelf} />, cache);
    for (const product of shelf.slice(2)) {
      const kept = cache.get(cardKey({ product, headingLevel: 2 }));
      const bytes = kept?.pieces.reduce((sum, piece) => sum + piece.length, 0) ?? 0;
      expect(bytes).toBeGreaterThan(1000);
      // Not a slice of a block shared with other strings: a cached slice would keep its whole block.
      for (const piece of kept?.pieces ?? []) expect(piece.buffer.byteLength).toBe(bytes);
    }
    expect(bytesOfItsOwn("₹ 1,250").buffer.byteLength).toBe(9);
  });
});

/** A router at `url` whose links are the document's own, as a standalone page's server render has. */
function documentAt(url: string): Navigation {
  const { pathname, search } = new URL(url, "http://shop.test");
  const location: Location = { pathname, search, hash: "", state: null, key: "default" };
  return withDocumentLinks({
    ...reactRouterNavigation,
    useLocation: () => location,
    useSearchParams: () => [new URLSearchParams(search), () => {}],
    usePendingLocation: () => null,
    useRouteLoaderData: () => undefined,
    useNavigate: () => () => {},
  });
}

const demoStore = makeStore();
const store = storeView(
  demoStore.title,
  demoStore.customisation as StoreCustomisation,
  demoStore.profile as StoreProfile,
);
const CHIPS = DEMO_CATEGORIES.slice(0, 6).map((c, i) => ({ id: `c${i}`, name: c.name, slug: slugify(c.name) }));

interface FrameProps {
  url: string;
  store?: StoreView;
  account?: AccountBadge | null;
  csrf?: string;
}

/** A listing's frame as a page shows it: the header, the category chips and the footer. */
function Frame({ url, store: shown = store, account = null, csrf = SECRETS.csrf }: FrameProps) {
  const filters = parseListingParams(new URL(url, "http://shop.test").searchParams);
  const current = CHIPS.find((c) => c.slug === filters.category)?.name ?? null;
  return (
    <NavigationContext value={documentAt(url)}>
      <html lang="en-IN">
        <body>
          <SiteHeader store={shown} account={account} />
          <main>
            <CategoryChips filters={filters} categories={CHIPS} current={current} />
          </main>
          <SiteFooter store={shown} csrf={csrf} />
        </body>
      </html>
    </NavigationContext>
  );
}

describe("the header, the category chips and the footer cached by what they show", () => {
  const framed = (props: FrameProps, cache?: PartCache) =>
    renderWholePage(
      <Frame {...props} />,
      cache && partSlots(cache, { nonce: SECRETS.nonce, csrf: props.csrf ?? SECRETS.csrf }),
    )?.toString() ?? null;

  it("make the same page as rendering them, for every address, customer, store and newsletter answer", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    const frames: FrameProps[] = [
      { url: "/" },
      { url: "/products" },
      { url: "/products?category=dairy-and-eggs&sort=priceAsc" },
      { url: "/products?category=dairy-and-eggs&sort=priceDesc&disc=20" },
      { url: "/products?category=dairy-and-eggs&sub=butter&sort=priceAsc" },
      { url: "/products?q=atta&category=rice-atta-and-flours&min=100" },
      { url: "/products/amul-butter-100-g" },
      { url: "/PRODUCTS" },
      { url: "/cart" },
      { url: "/account/orders" },
      { url: "/products", account: { firstName: "Asha" } },
      { url: "/products", account: { firstName: "" } },
      { url: "/products?newsletter=subscribed" },
      { url: "/products", store: { ...store, title: "Annapurna Wholesale", logo: "" } },
      { url: "/products", store: { ...store, legal: { ...store.legal, gstNo: "" } } },
    ];
    expect(framed(frames[0] as FrameProps)).not.toBeNull();
    // Twice over: the first round keeps what the second takes.
    for (const frame of [...frames, ...frames]) {
      const plain = framed(frame);
      expect(framed(frame, cache)).toBe(plain);
    }
    const { parts, hits } = cache.report();
    expect(hits).toBeGreaterThanOrEqual(frames.length * 3);
    expect(parts).toBeLessThan(frames.length * 3);
    // What the keys tell apart shows: the page's link marked, the search's words, the customer.
    const page = framed({ url: "/products?q=atta", account: { firstName: "Asha" } }, cache) ?? "";
    expect(page).toContain('aria-current="page" class="active" href="/products"');
    expect(page).toContain('value="atta"');
    expect(page).toContain("signed in as Asha");
    // React writes the answer's apostrophe as a character reference.
    expect(framed({ url: "/products?newsletter=subscribed" }, cache)).toContain(
      NEWSLETTER_MESSAGES.subscribed.replace("'", "&#x27;"),
    );
  });

  it("carry each request's own anti-forgery token, and none from a token the server did not make", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    const first = "Zt7Lq2Wm9Xc4Vb8Nn1Hh6J.j3Kk5Pp0Rr1Aa2Bb3Cc4Dd";
    const second = "Qa1Ws2Ed3Rf4Tg5Yh6Uj7I.k8Ol9Pz0Xc1Dd2Ee3Ff4Gg";
    framed({ url: "/products", csrf: first }, cache);
    const kept = cache.report().parts;
    expect(kept).toBe(3);
    const again = framed({ url: "/products", csrf: second }, cache);
    expect(cache.report().hits).toBe(3);
    expect(again).toBe(framed({ url: "/products", csrf: second }));
    expect(again).toContain(`value="${second}"`);
    expect(again).not.toContain(first);
    // A cookie's value is put back as it is: one that is not a token keeps and takes nothing.
    const forged = '"><script>alert(1)</script>';
    const hits = cache.report().hits;
    expect(framed({ url: "/products", csrf: forged }, cache)).toBe(framed({ url: "/products", csrf: forged }));
    expect(cache.report()).toMatchObject({ parts: kept, hits });
  });
});

describe("home's category and brand tiles cached by what they show", () => {
  const tiles = (names: readonly { name: string }[], logo: (slug: string) => string | null): HomeTile[] =>
    names.map(({ name }) => ({ name, slug: slugify(name), logo: logo(slugify(name)) }));
  const categories = tiles(DEMO_CATEGORIES, (slug) => `/media/demo/c/${slug}.svg`);
  const brands = tiles(DEMO_BRANDS, () => null);
  const home = (data: Partial<HomeData>, cache?: PartCache) =>
    renderWholePage(
      <NavigationContext value={documentAt("/")}>
        <main>
          <HomePage
            title={store.title}
            tagline={store.tagline}
            banners={[]}
            categories={categories}
            brands={brands}
            sections={[]}
            {...data}
          />
        </main>
      </NavigationContext>,
      cache && partSlots(cache, SECRETS),
    )?.toString() ?? null;

  it("make the same page as rendering them, and follow the catalogue's categories and brands", () => {
    const cache = new PartCache(4 * 1024 * 1024);
    const variants: Partial<HomeData>[] = [
      {},
      { brands: brands.map((b, i) => (i === 0 ? { ...b, logo: "/media/brands/amul.webp" } : b)) },
      { categories: categories.slice(1) },
      { categories: categories.map((c, i) => (i === 2 ? { ...c, name: `${c.name} & more` } : c)) },
      { brands: [] },
    ];
    for (const data of [...variants, ...variants]) {
      const plain = home(data);
      expect(plain).toContain("Shop by Category");
      expect(home(data, cache)).toBe(plain);
    }
    // Three category grids and two brand grids, each rendered once: every other grid shown was taken.
    expect(cache.report()).toMatchObject({ parts: 5, hits: 13, misses: 5 });
    expect(home({}, cache)).toContain('href="/products?brand=amul"');
  });
});

describe("the cached parts' room", () => {
  /** A part of 200 bytes with its key (a one-letter key at two bytes a character, and 198 bytes). */
  const part = (letter: string) => ({ pieces: [Buffer.from(letter.repeat(198))], slots: [] });
  const kept = (cache: PartCache, keys: string) => [...keys].filter((k) => cache.get(k) !== undefined).join("");

  it("goes to parts not asked for since the eviction last passed them, oldest first, and to the oldest when all were", () => {
    // Room for sixteen such parts (a part may take a sixteenth of the room).
    const cache = new PartCache(16 * 200);
    const first = "abcdefghijklmnop";
    for (const k of first) cache.keep(k, part(k));
    cache.get("a");
    cache.keep("q", part("q")); // a was asked for: b goes
    expect(kept(cache, `${first}q`)).toBe("acdefghijklmnopq");
    // Every part was just asked for: each gets its second chance once, then the oldest goes,
    // never the part being kept.
    cache.keep("r", part("r"));
    expect(cache.report()).toMatchObject({ parts: 16, bytes: 16 * 200 });
    expect(kept(cache, `${first}qr`)).toBe("adefghijklmnopqr"); // c, the oldest, went
  });
});

describe("a cached part's end and secrets", () => {
  it("ends with its own closing tag, past any element of its name inside it", () => {
    const html = '<div><nav class="a"><nav>x</nav><navbar></navbar><nav\n>z</nav></nav><nav>y</nav></div>';
    expect(html.slice(5, elementEnd(html, 5, "nav"))).toBe(
      '<nav class="a"><nav>x</nav><navbar></navbar><nav\n>z</nav></nav>',
    );
    expect(elementEnd('<nav class="a"><nav>', 0, "nav")).toBe(-1);
  });

  it("is cut where each secret stands and joined with the next request's", () => {
    const secrets = { nonce: "NONCE", csrf: "TOKEN" };
    const cut = cutSecrets(Buffer.from("a NONCE b TOKEN c TOKEN ₹"), secrets);
    expect(cut.pieces.map(String)).toEqual(["a ", " b ", " c ", " ₹"]);
    expect(cut.slots).toEqual(["nonce", "csrf", "csrf"]);
    const joined = (html: CachedHtml) => Buffer.concat(joinSecrets(html, { nonce: "n2", csrf: "t2" })).toString();
    expect(joined(cut)).toBe("a n2 b t2 c t2 ₹");
    expect(joined(cutSecrets(Buffer.from("none here"), secrets))).toBe("none here");
  });
});
