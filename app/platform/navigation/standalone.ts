/**
 * Standalone pages (ADR 0024): pages sent without React Router's browser runtime. The server
 * renders them with React Router like every page, then writes, instead of React Router's
 * scripts, the page's data as JSON and one module that hydrates the page's frame and its own
 * part with the document as their router (`./document.tsx`).
 *
 * A route becomes one with `export const handle = standaloneHandle("product")`, and its entry
 * (`app/standalone/<page>.client.tsx`) renders that page from its loader's data.
 */

/** The element the page's frame and part are rendered in, and hydrated from. */
export const STANDALONE_ROOT_ID = "mandi-page";
/** The JSON of the page: which page, the root's data and the route's data. */
export const STANDALONE_DATA_ID = "mandi-page-data";
/** The attribute naming a deferred value's JSON, written once the value is ready. */
export const DEFERRED_ATTRIBUTE = "data-mandi-deferred";

export type StandalonePage = "home" | "product" | "products";

export interface StandaloneHandle {
  standalone: StandalonePage;
}

export function standaloneHandle(page: StandalonePage): StandaloneHandle {
  return { standalone: page };
}

export function isStandaloneHandle(handle: unknown): handle is StandaloneHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as StandaloneHandle).standalone === "string";
}

/** What the server writes as the page's JSON; `deferred` names the route's values that follow. */
export interface StandaloneData {
  page: StandalonePage;
  root: unknown;
  route: Record<string, unknown>;
  deferred: string[];
}

/** A deferred value as the server writes it once settled. */
export type DeferredOutcome = { ok: true; value: unknown } | { ok: false };

/** JSON safe inside a script element: no `</script>` or `<!--` can close or bend it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
