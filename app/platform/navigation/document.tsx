import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type RefAttributes,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { LinkProps, Location, NavigateFunction, NavLinkProps, To, URLSearchParamsInit } from "react-router";
import { isActive } from "./active";
import { Await } from "./await";
import { isPlainLeftClick } from "./clicks";
import { type Navigation, useLocation } from "./navigation";

/**
 * What a standalone page shows for other addresses itself, without loading a document: the
 * listing shows every `/products?...` from the loader's data fetched as JSON.
 */
export interface InPage {
  /** Whether this page shows `url` by itself. */
  shows(url: URL): boolean;
  /** The page's data for `url`; rejects when it cannot be had (the document then loads). */
  load(url: URL, signal: AbortSignal): Promise<unknown>;
  /** The document's title for that data, with the root route's data. */
  title(data: unknown, root: unknown): string;
}

/**
 * The shared components' router on a page sent without React Router's browser runtime
 * (ADR 0024): the page's own document is the router. A link is an ordinary link that loads the
 * next page (cached pages answer in a few milliseconds), and `navigate` loads one too, except for
 * the addresses the page shows itself (`inPage`): those it fetches and shows in place, with the
 * address in the history, as React Router would. It renders what React Router renders on the
 * server for the same props, so the page hydrates without a difference.
 */
export function documentNavigation(
  loaderData: Readonly<Record<string, unknown>>,
  pageData: unknown,
  inPage: InPage | null,
): Navigation {
  router = new DocumentRouter(pageData, inPage, loaderData.root);
  return {
    opensInPage: (url) => router?.opensInPage(url) ?? false,
    Link: DocumentLink,
    NavLink: DocumentNavLink,
    Await,
    useLocation: () => useRouterState().location,
    useNavigate: () => navigate,
    usePendingLocation: () => useRouterState().pending,
    useSearchParams: () => {
      const { search, pathname } = useRouterState().location;
      const params = useMemo(() => new URLSearchParams(search), [search]);
      return [
        params,
        (next) => {
          const value = typeof next === "function" ? next(params) : next;
          navigate({ pathname, search: `?${searchOf(value).toString()}` });
        },
      ];
    },
    useRouteLoaderData: ((routeId: string) => loaderData[routeId]) as Navigation["useRouteLoaderData"],
  };
}

/**
 * The data the page shows now: its loader's, or the last in-page navigation's. The component
 * that renders it also puts the window where the navigation wants it, once that is on screen.
 */
export function usePageData(): unknown {
  const { data } = useRouterState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new data on screen is the trigger
  useLayoutEffect(() => router?.scrollShown(), [data]);
  return data;
}

interface RouterState {
  location: Location;
  /** Where an in-page navigation is going while its data loads. */
  pending: Location | null;
  data: unknown;
}

interface Going {
  replace?: boolean;
  /** Keep the scroll position (React Router's `preventScrollReset`). */
  keepScroll?: boolean;
}

/** What the page keeps in each history entry it makes. */
interface EntryState {
  mandiKey: string;
  scrollY?: number;
}

class DocumentRouter {
  private state: RouterState;
  private readonly listeners = new Set<() => void>();
  private going: AbortController | null = null;
  /** Where the window goes once the data just shown is on screen; null to stay. */
  private scrollTo: number | null = null;

  constructor(
    data: unknown,
    private readonly inPage: InPage | null,
    private readonly root: unknown,
  ) {
    const entry = window.history.state as Partial<EntryState> | null;
    this.state = { location: locationOf(window.location, entry?.mandiKey ?? "default"), pending: null, data };
    if (inPage) window.addEventListener("popstate", (event) => this.popped(event.state as Partial<EntryState> | null));
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  opensInPage(url: URL): boolean {
    return url.origin === window.location.origin && this.inPage !== null && this.inPage.shows(url);
  }

  navigate(href: string, going: Going): void {
    const url = new URL(href, window.location.href);
    if (!this.opensInPage(url)) {
      if (going.replace) window.location.replace(url);
      else window.location.assign(url);
      return;
    }
    void this.show(url, going, null);
  }

  private set(next: Partial<RouterState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Fetches what `url` shows, then shows it with its address in the history; a failure loads it. */
  private async show(url: URL, going: Going, popped: Partial<EntryState> | null): Promise<void> {
    const inPage = this.inPage;
    if (!inPage) return;
    const { location } = this.state;
    const samePlace = url.pathname === location.pathname && url.search === location.search;
    if (samePlace && !popped && url.hash && url.hash !== location.hash) {
      // Only the hash differs: the browser's own jump (its popstate updates the location).
      window.location.hash = url.hash;
      return;
    }
    // Where the shopper is, before the skeletons shorten the page.
    const leftAt = window.scrollY;
    this.going?.abort();
    const attempt = new AbortController();
    this.going = attempt;
    const key = popped?.mandiKey ?? Math.random().toString(36).slice(2, 10);
    const target = locationOf(url, key);
    this.set({ pending: target });
    let data: unknown;
    try {
      data = await inPage.load(url, attempt.signal);
    } catch {
      if (attempt.signal.aborted) return;
      // The page cannot show it: the server renders the address, or its error, as a document.
      if (popped || going.replace) window.location.replace(url);
      else window.location.assign(url);
      return;
    }
    if (attempt.signal.aborted) return;
    this.going = null;
    if (!popped) {
      // The entry being left remembers where the shopper was, for Back.
      const leaving = { ...(window.history.state as object | null), scrollY: leftAt };
      window.history.replaceState(leaving, "");
      const entry: EntryState = { mandiKey: key };
      // The same address again shows it afresh in the same entry, as React Router does.
      if (going.replace || samePlace) window.history.replaceState(entry, "", url);
      else window.history.pushState(entry, "", url);
    }
    this.scrollTo = popped ? (popped.scrollY ?? null) : going.keepScroll ? null : 0;
    this.set({ location: target, pending: null, data });
    document.title = inPage.title(data, this.root);
  }

  /** Called once the page shows new data (usePageData's layout effect). */
  scrollShown(): void {
    if (this.scrollTo === null) return;
    window.scrollTo(0, this.scrollTo);
    this.scrollTo = null;
  }

  /** Back and Forward between addresses this page showed. */
  private popped(entry: Partial<EntryState> | null): void {
    const url = new URL(window.location.href);
    const { location } = this.state;
    if (url.pathname === location.pathname && url.search === location.search) {
      this.set({ location: { ...location, hash: url.hash } });
      return;
    }
    if (!this.opensInPage(url)) {
      window.location.reload();
      return;
    }
    void this.show(url, {}, { scrollY: entry?.scrollY, mandiKey: entry?.mandiKey ?? "default" });
  }
}

let router: DocumentRouter | null = null;

function useRouterState(): RouterState {
  if (!router) throw new Error("No document router: documentNavigation() makes it");
  return useSyncExternalStore(router.subscribe, router.snapshot, router.snapshot);
}

function locationOf(url: { pathname: string; search: string; hash: string }, key: string): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key };
}

const navigate = ((to: To | number, options?: { replace?: boolean; preventScrollReset?: boolean }) => {
  if (typeof to === "number") window.history.go(to);
  else router?.navigate(hrefOf(to), { replace: options?.replace, keepScroll: options?.preventScrollReset });
}) as NavigateFunction;

/** A left click without modifier keys on a link the page shows itself: it navigates in place. */
function inPageClick(
  event: MouseEvent<HTMLAnchorElement>,
  to: To,
  props: { target?: string; replace?: boolean; preventScrollReset?: boolean; reloadDocument?: boolean },
): void {
  if (!isPlainLeftClick(event) || props.reloadDocument) return;
  if (props.target && props.target !== "_self") return;
  const url = new URL(hrefOf(to), window.location.href);
  if (!router?.opensInPage(url)) return;
  event.preventDefault();
  router.navigate(url.href, { replace: props.replace, keepScroll: props.preventScrollReset });
}

/**
 * `navigation` with the document's own links: what the server renders a standalone page with
 * (entry.server.tsx), so that its links are the components the browser hydrates them with, and
 * cost what an anchor costs rather than React Router's resolving of every address.
 */
export function withDocumentLinks(navigation: Navigation): Navigation {
  return { ...navigation, Link: DocumentLink, NavLink: DocumentNavLink };
}

function DocumentLink({ to, ref, onClick, ...rest }: LinkProps & RefAttributes<HTMLAnchorElement>) {
  const href = hrefOf(to);
  return (
    <a
      {...anchorProps(rest)}
      ref={ref}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        inPageClick(event, to, rest);
      }}
      {...discovered(href)}
    />
  );
}

function DocumentNavLink({
  to,
  ref,
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  onClick,
  ...rest
}: NavLinkProps & RefAttributes<HTMLAnchorElement>) {
  const href = hrefOf(to);
  // The location of the tree's router: the document's in the browser, the request's on the server.
  const active = isActive(useLocation().pathname, href, end, caseSensitive);
  const state = { isActive: active, isPending: false, isTransitioning: false };
  const classes = typeof className === "function" ? className(state) : className;
  return (
    <a
      {...anchorProps(rest)}
      ref={ref}
      aria-current={active ? (rest["aria-current"] ?? "page") : undefined}
      className={[classes, active ? "active" : null].filter(Boolean).join(" ")}
      style={typeof style === "function" ? style(state) : style}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        inPageClick(event, to, rest);
      }}
      {...discovered(href)}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}

/** React Router's link props that are not the anchor's own. */
type RouterOnly = "discover" | "prefetch" | "reloadDocument" | "replace" | "state" | "preventScrollReset" | "relative";

function anchorProps<P extends AnchorHTMLAttributes<HTMLAnchorElement>>(
  props: P & Partial<Record<RouterOnly | "viewTransition", unknown>>,
): AnchorHTMLAttributes<HTMLAnchorElement> {
  const {
    discover: _discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...anchor
  } = props;
  return anchor;
}

function searchOf(init: URLSearchParamsInit | undefined): URLSearchParams {
  if (init === undefined || typeof init === "string" || init instanceof URLSearchParams)
    return new URLSearchParams(init);
  if (Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params;
}

export function hrefOf(to: To): string {
  if (typeof to === "string") return to;
  const search = to.search && to.search !== "?" ? (to.search.startsWith("?") ? to.search : `?${to.search}`) : "";
  const hash = to.hash && to.hash !== "#" ? (to.hash.startsWith("#") ? to.hash : `#${to.hash}`) : "";
  return `${to.pathname ?? ""}${search}${hash}`;
}

/** React Router marks the store's own paths for its route discovery; the same mark here. */
function discovered(href: string): { "data-discover"?: "true" } {
  return href.startsWith("/") ? { "data-discover": "true" } : {};
}
