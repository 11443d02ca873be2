/**
 * How long the server may keep a page and send it again to shoppers who are not signed in
 * (server/page-cache.ts). A change to the catalogue drops every cached page at once, so these
 * only bound how long a page lives without one.
 */

/** Listings, product pages, suggestions and sitemaps. */
export const CATALOGUE_CACHE_SECONDS = 300;
/** Home picks its category sections at random: every shopper sees the same pick for at most this long. */
export const HOME_CACHE_SECONDS = 60;
