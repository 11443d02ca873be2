/**
 * Search-engine and link-preview tags (spec: per-page title and description; the issue adds
 * canonical URLs, Open Graph and JSON-LD). Pure: route meta functions call these.
 */
import type { MetaDescriptor } from "react-router";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  image?: string | null;
  type?: "website" | "product";
  siteName: string;
  noindex?: boolean;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** Descriptions are cut at a word near 160 characters. */
export function shortDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: items.map((item, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: item.name,
        item: item.url,
      })),
    },
  };
}

export interface ProductJsonLdInput {
  name: string;
  description: string;
  url: string;
  images: string[];
  sku: string | null;
  brand: string | null;
  /** Rupees, GST included. */
  priceRupees: number;
  availability: "InStock" | "OutOfStock" | "LimitedAvailability";
  sellerName: string;
}

export function productJsonLd(p: ProductJsonLdInput): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: p.name,
      description: p.description,
      image: p.images,
      ...(p.sku ? { sku: p.sku } : {}),
      ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
      offers: {
        "@type": "Offer",
        url: p.url,
        priceCurrency: "INR",
        price: p.priceRupees.toFixed(2),
        availability: `https://schema.org/${p.availability}`,
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: p.sellerName },
      },
    },
  };
}

/** The root loader's data, which every page's meta reads for the origin and the store title. */
export interface RootSeo {
  origin: string;
  store: { title: string };
}

export function rootSeo(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootSeo {
  const root = matches.find((m) => m?.id === "root")?.data as RootSeo | undefined;
  return root ?? { origin: "http://localhost", store: { title: "" } };
}
