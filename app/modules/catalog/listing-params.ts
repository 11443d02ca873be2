/**
 * Reading the products page's query (./listing.ts) with zod: on the server for every listing
 * and /api/products, and in the browser only once the filter drawer opens, so the pages
 * themselves carry no validation library (ADR 0022).
 */
import * as z from "zod/mini";
import { UUID_PATTERN } from "../../db/ids";
import { type ListingFilters, type ListingSort, MAX_RENDERED_PAGES } from "./listing";

/** Control characters (a pasted NUL, a stray tab) are not part of any name: they count as spaces. */
const CONTROL_OR_SPACE = /[\s\p{Cc}]+/gu;
const text = (max: number) =>
  z.catch(
    z.nullable(
      z.pipe(
        z.string(),
        z.transform((s: string) => s.replace(CONTROL_OR_SPACE, " ").trim().slice(0, max).trimEnd() || null),
      ),
    ),
    null,
  );
const wholeNumber = (max: number) =>
  z.catch(z.nullable(z.pipe(z.coerce.number(), z.int().check(z.minimum(0), z.maximum(max)))), null);

const paramsSchema = z.object({
  q: text(100),
  category: text(120),
  sub: text(120),
  sort: z.catch(z.nullable(z.enum(["newest", "priceAsc", "priceDesc", "relevance"])), null),
  disc: wholeNumber(100),
  min: wholeNumber(10_000_000),
  max: wholeNumber(10_000_000),
  brand: text(120),
  brandId: z.catch(
    z.nullable(
      z.pipe(
        z.string().check(z.regex(UUID_PATTERN)),
        z.transform((s: string) => s.toLowerCase()),
      ),
    ),
    null,
  ),
  page: z.pipe(
    z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
    z.transform((n: number) => Math.min(n, MAX_RENDERED_PAGES)),
  ),
});

/**
 * Reads the filters from a URL's query. A value that makes no sense (sort=cheapest, min=abc) is
 * dropped rather than refused: a shared link with a typo still shows products.
 */
export function parseListingParams(params: URLSearchParams): ListingFilters {
  const raw = (name: string) => (params.has(name) ? params.get(name) : null);
  const p = paramsSchema.parse({
    q: raw("q"),
    category: raw("category"),
    sub: raw("sub"),
    sort: raw("sort"),
    disc: raw("disc") === "" ? null : raw("disc"),
    min: raw("min") === "" ? null : raw("min"),
    max: raw("max") === "" ? null : raw("max"),
    brand: raw("brand"),
    brandId: raw("brandId"),
    page: raw("page") ?? 1,
  });
  const q = p.q ?? "";
  // A reversed range is read the way it was meant.
  const [min, max] = p.min !== null && p.max !== null && p.min > p.max ? [p.max, p.min] : [p.min, p.max];
  const sort: ListingSort = p.sort === "relevance" && !q ? "newest" : (p.sort ?? (q ? "relevance" : "newest"));
  return {
    q,
    category: p.category,
    sub: p.sub,
    sort,
    disc: p.disc !== null && p.disc > 0 ? p.disc : null,
    min,
    max,
    // Brand by id and brand by name are mutually exclusive: the id wins.
    brand: p.brandId ? null : p.brand,
    brandId: p.brandId,
    page: p.page,
  };
}
