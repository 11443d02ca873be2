import type { Plugin } from "vite";
import { reactRouterRewrite } from "./react-router-rewrite.ts";

/**
 * React Router's document handler encodes every page's loader data for its browser runtime
 * (`encodeViaTurboStream`) before our `entry.server.tsx` runs, and `<ServerRouter>` streams it
 * only after `<Scripts>` has rendered. A standalone page (ADR 0024) renders no `<Scripts>`, so
 * the encoding was done for nothing: on a listing of 24 products it was 9% of the server's busy
 * time. This rewrites that one property of the handler's entry context into a getter that
 * encodes when first read (once), which the document render deletes for a standalone page
 * (`omitHandoff` in app/platform/navigation/handoff.server.ts). Every other page reads it in
 * `<ServerRouter>` and streams it as before.
 *
 * The build fails if React Router's code no longer has the property in this shape (an upgrade
 * that changed it): look at `renderHtml` in React Router's server handler and adapt the pattern.
 */
export const HANDOFF_PROPERTY =
  /serverHandoffStream: (encodeViaTurboStream\(\s*state,\s*request\.signal,\s*build\.entry\.module\.streamTimeout,\s*serverMode\s*\)),/g;

/** The rewritten property, or null when the code does not hold it exactly once. */
export function lazyHandoff(code: string): string | null {
  const found = [...code.matchAll(HANDOFF_PROPERTY)];
  if (found.length !== 1) return null;
  return code.replace(
    HANDOFF_PROPERTY,
    (_all, encode: string) =>
      `get serverHandoffStream() { if (!("mandiHandoff" in this)) this.mandiHandoff = ${encode}; return this.mandiHandoff; },`,
  );
}

export function lazyHandoffStream(): Plugin {
  return reactRouterRewrite({
    name: "lazy-handoff-stream",
    marker: "serverHandoffStream: encodeViaTurboStream",
    rewrite: lazyHandoff,
    what: "React Router's serverHandoffStream",
    missing: "React Router's document handler was not found: standalone pages would encode data for nothing",
  });
}
