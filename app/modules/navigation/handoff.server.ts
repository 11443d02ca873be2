import type { EntryContext } from "react-router";
import { isStandaloneHandle, type StandalonePage } from "./standalone";

/**
 * The standalone page (ADR 0024) a document render is for, from what React Router hands the
 * document render: its last route says so and its loader answered, and nothing failed. The root's
 * `Layout` decides the same from the same facts while it renders (`useStandalone`), and writes
 * the page's own scripts only when the build has its entry.
 */
export function standalonePageOf(context: EntryContext): StandalonePage | null {
  const { matches, errors, loaderData } = context.staticHandlerContext;
  if (errors && Object.keys(errors).length > 0) return null;
  const leaf = matches.at(-1);
  if (!leaf) return null;
  const handle = context.routeModules[leaf.route.id]?.handle;
  if (!isStandaloneHandle(handle)) return null;
  const data: unknown = loaderData[leaf.route.id];
  return typeof data === "object" && data !== null ? handle.standalone : null;
}

/**
 * Drops React Router's encoding of the page's data for its browser runtime, which a standalone
 * page never sends: encoded only when read (scripts/vite-lazy-handoff.ts), it is then never
 * made. Without that rewrite (development) it was made already and is only left unsent.
 */
export function omitHandoff(context: EntryContext): void {
  delete context.serverHandoffStream;
}
