import { type ComponentProps, createElement, type ReactNode, useState, useSyncExternalStore } from "react";

/**
 * A part of the page the browser does not hydrate (ADR 0035).
 *
 * Hydrating a page means running every component of it again in the browser and walking the
 * server's markup element by element; on a phone that is most of the main thread's work after
 * the first paint. Much of a catalogue page shows data and nothing else: a card's photo, name
 * and prices, home's tiles, the category chips, the footer's links. Their links are plain
 * anchors that one document listener follows (`AppLink`), so React has nothing to do in them.
 *
 * On the server a static part renders its element and children as usual. While React hydrates
 * the page, it renders the element alone, with empty inner HTML, which React leaves as the
 * server wrote it: the element is hydrated (its attributes are React's), its children are not
 * visited. The part stays so while `version()` answers what it answered then; a part given
 * other content afterwards (an in-page navigation, a price that changed) is rendered anew in
 * full, and so is a part mounted after hydration, or in a page React renders in the browser
 * after its hydration failed.
 *
 * The children must hold no event handler, no state and no effect: nothing in them runs in the
 * browser until the part's content changes. `version` must write out everything they show.
 */
export const StaticPart: <T extends StaticTag>(props: StaticPartProps<T>) => ReactNode =
  typeof document === "undefined" ? ServerStaticPart : BrowserStaticPart;

type StaticPartProps<T extends StaticTag> = { as: T; version: () => string; children: ReactNode } & Omit<
  ComponentProps<T>,
  "children"
>;

/** A version that several parts of one render (and its cached part's key) share, written out at most once. */
export function writtenOnce(write: () => string): () => string {
  let written: string | undefined;
  return () => {
    written ??= write();
    return written;
  };
}

/** The elements a static part may be. */
export type StaticTag = "a" | "div" | "nav" | "p" | "section" | "ul";

function ServerStaticPart<T extends StaticTag>({ as, version, children, ...attributes }: StaticPartProps<T>) {
  return createElement(as, attributes, children);
}

function BrowserStaticPart<T extends StaticTag>({ as, version, children, ...attributes }: StaticPartProps<T>) {
  const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, whileHydrating);
  // What the part showed when React hydrated it; null for a part made in the browser.
  const [hydratedAs, setHydratedAs] = useState(() => (hydrating ? version() : null));
  if (hydratedAs !== null) {
    // Once shown anew, always rendered: its element no longer holds the server's children.
    if (hydratedAs !== version()) setHydratedAs(null);
    else
      return createElement(as, {
        ...attributes,
        key: "server",
        dangerouslySetInnerHTML: AS_THE_SERVER_WROTE_IT,
        suppressHydrationWarning: true,
      });
  }
  return createElement(as, { ...attributes, key: "rendered" }, children);
}

/**
 * Inner HTML that React does not compare while hydrating (in production) and does not write
 * while it stays the same, so the server's children stay in place.
 */
const AS_THE_SERVER_WROTE_IT = { __html: "" };

// React reads the server's snapshot while it hydrates and the browser's in any other render:
// that tells a hydrating render from one that makes the part in the browser.
const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const whileHydrating = () => true;
