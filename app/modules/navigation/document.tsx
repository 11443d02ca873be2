import { type AnchorHTMLAttributes, Component, type ReactNode, type RefAttributes, use, useMemo } from "react";
import type {
  AwaitProps,
  LinkProps,
  Location,
  NavigateFunction,
  NavLinkProps,
  To,
  URLSearchParamsInit,
} from "react-router";
import type { Navigation } from "./navigation";

/**
 * The shared components' router on a page sent without React Router's browser runtime
 * (ADR 0024): the page's own document is the router. A link is an ordinary link that loads the
 * next page (kept pages answer in a few milliseconds), `navigate` loads one too, and the location
 * is the document's, which never changes under the page. It renders what React Router renders
 * on the server for the same props, so the page hydrates without a difference.
 */
export function documentNavigation(loaderData: Readonly<Record<string, unknown>>): Navigation {
  return {
    loadsDocuments: true,
    Link: DocumentLink,
    NavLink: DocumentNavLink,
    Await: DocumentAwait as Navigation["Await"],
    useLocation: documentLocation,
    useNavigate: () => navigate,
    useSearchParams: () => {
      const params = useMemo(() => new URLSearchParams(documentLocation().search), []);
      return [
        params,
        (next) => {
          const value = typeof next === "function" ? next(params) : next;
          navigate({ pathname: documentLocation().pathname, search: `?${searchOf(value).toString()}` });
        },
      ];
    },
    useRouteLoaderData: ((routeId: string) => loaderData[routeId]) as Navigation["useRouteLoaderData"],
  };
}

let location: Location | undefined;

/** The document's location: the same object for the page's life, as nothing navigates in it. */
function documentLocation(): Location {
  location ??= {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: null,
    key: "default",
  };
  return location;
}

const navigate = ((to: To | number, options?: { replace?: boolean }) => {
  if (typeof to === "number") window.history.go(to);
  else if (options?.replace) window.location.replace(hrefOf(to));
  else window.location.assign(hrefOf(to));
}) as NavigateFunction;

function DocumentLink({ to, ref, ...rest }: LinkProps & RefAttributes<HTMLAnchorElement>) {
  return <a {...anchorProps(rest)} ref={ref} href={hrefOf(to)} {...discovered(to)} />;
}

function DocumentNavLink({
  to,
  ref,
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  ...rest
}: NavLinkProps & RefAttributes<HTMLAnchorElement>) {
  const href = hrefOf(to);
  const active = isActive(documentLocation().pathname, href, end, caseSensitive);
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
      {...discovered(to)}
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
function discovered(to: To): { "data-discover"?: "true" } {
  return hrefOf(to).startsWith("/") ? { "data-discover": "true" } : {};
}

/** React Router's NavLink rule: the same path, or (without `end`) a path below it. */
export function isActive(pathname: string, href: string, end: boolean, caseSensitive: boolean): boolean {
  let target = href.replace(/[?#].*$/, "");
  let current = pathname;
  if (!caseSensitive) {
    target = target.toLowerCase();
    current = current.toLowerCase();
  }
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === "/");
}

function DocumentAwait<T>({ resolve, errorElement, children }: AwaitProps<T>) {
  return (
    <AwaitBoundary failed={errorElement}>
      <Resolved value={resolve}>{children as ReactNode | ((value: T) => ReactNode)}</Resolved>
    </AwaitBoundary>
  );
}

function Resolved<T>({ value, children }: { value: T | Promise<T>; children: ReactNode | ((value: T) => ReactNode) }) {
  const resolved = value instanceof Promise ? use(value) : value;
  return <>{typeof children === "function" ? children(resolved) : children}</>;
}

/** React Router's rule: a failed promise shows `errorElement`, or fails the page without one. */
class AwaitBoundary extends Component<
  { failed: ReactNode; children: ReactNode },
  { error: { reason: unknown } | null }
> {
  override state: { error: { reason: unknown } | null } = { error: null };
  static getDerivedStateFromError(reason: unknown) {
    return { error: { reason } };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.failed === undefined) throw error.reason;
    return this.props.failed;
  }
}
