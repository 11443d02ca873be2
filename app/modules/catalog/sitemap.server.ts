import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { products } from "../../db/schema";
import { escapeXml } from "../http/xml";

/** Product URLs per sitemap file; the protocol allows 50,000, smaller files answer faster. */
export const SITEMAP_PAGE_SIZE = 10_000;

export async function countSitemapProducts(db: Db, storeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)));
  return row?.n ?? 0;
}

/** One sitemap file's products: slug and last change, oldest first so files stay stable. */
export async function sitemapProducts(
  db: Db,
  storeId: string,
  page: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .offset((page - 1) * SITEMAP_PAGE_SIZE)
    .limit(SITEMAP_PAGE_SIZE);
}

export function urlSetXml(urls: { loc: string; lastmod?: Date }[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
