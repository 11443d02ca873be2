/**
 * Events between the page's first script and React (ADR 0015): the page keeps the shopper's
 * clicks until React is about to take the page over, and hands them and what was typed to
 * React once it has.
 */
/** Sent by the client entry just before React takes the page over. */
export const HYDRATING_EVENT = "mandi:hydrating";
/** Sent by the root once React has taken the page over (its first effect). */
export const HYDRATED_EVENT = "mandi:hydrated";

/**
 * Put before the rel of a link that waits for the first paint, which the browser then ignores
 * (`mandi-modulepreload`, `mandi-manifest`, `mandi-stylesheet`); the page's first script puts
 * the real link in its place.
 */
export const INERT_REL_PREFIX = "mandi-";
