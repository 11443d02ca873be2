import type { EntryContext } from "react-router";
import { isStandaloneHandle, type StandalonePage } from "./standalone";
import type { StandaloneEntry } from "./standalone-scripts";

/**
 * The standalone page (ADR 0024) a document render is for, from what React Router hands the
 * document render: its last route says so, its loader answered, nothing failed, and the build has
 * the page's entry (none in development). The one decision: the root's `Layout` renders the
 * page's own scripts, instead of React Router's, exactly when this names a page.
 */
export function standalonePageOf(
  context: EntryContext,
  entries: Readonly<Record<string, StandaloneEntry | undefined>> | null,
): StandalonePage | null {
  const { matches, errors } = context.staticHandlerContext;
  if (errors && Object.keys(errors).length > 0) return null;
  const leaf = matches.at(-1);
  if (!leaf) return null;
  const handle = context.routeModules[leaf.route.id]?.handle;
  if (!isStandaloneHandle(handle) || !leafData(context)) return null;
  return entries?.[handle.standalone] ? handle.standalone : null;
}

/**
 * Drops React Router's encoding of the page's data for its browser runtime, which a standalone
 * page never sends: encoded only when read (scripts/vite-lazy-handoff.ts), it is then never
 * made. Without that rewrite (development) it was made already and is only left unsent.
 */
export function omitHandoff(context: EntryContext): void {
  delete context.serverHandoffStream;
}

/**
 * The deferred values of a standalone page: the promises among its last route's loader data,
 * which its scripts write once they settle (standalone-scripts.tsx).
 */
export function deferredValuesOf(context: EntryContext): Promise<unknown>[] {
  return Object.values(leafData(context) ?? {}).filter((value): value is Promise<unknown> => value instanceof Promise);
}

/** The last route's loader data when it is an object (a standalone page's always is). */
function leafData(context: EntryContext): Record<string, unknown> | null {
  const { matches, loaderData } = context.staticHandlerContext;
  const leaf = matches.at(-1);
  const data: unknown = leaf ? loaderData[leaf.route.id] : null;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : null;
}
