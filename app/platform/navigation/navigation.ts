import { type ComponentType, createContext, createElement, type ReactNode, type RefAttributes, use } from "react";
import type * as ReactRouter from "react-router";
import type { AwaitProps, LinkProps, Location, NavLinkProps } from "react-router";

/**
 * The links and location hooks of the components every page shares (header, footer, cards,
 * product page), bound to whichever router the page runs with (ADR 0024):
 *
 * - React Router's (`./react-router.ts`), on the server for every page and in the browser on
 *   the pages that navigate client-side (home, listings, cart, checkout, account...);
 * - the document's own (`./document.tsx`), in the browser on pages sent without React
 *   Router's browser runtime (home, a product page, a listing): each link loads a page, as
 *   without scripts, except the addresses the page shows in place (a listing's other listings).
 *
 * The shared components import these names from here rather than from "react-router", so a
 * page's scripts hold React Router only when the page uses it. The entry that runs first
 * installs one router (`installNavigation`); nothing renders before it. A render may give its
 * tree another (`NavigationContext`): the server renders a standalone page's links with the
 * document's own, the very components the browser hydrates them with.
 */
export type Navigation = Pick<
  typeof ReactRouter,
  "useLocation" | "useNavigate" | "useSearchParams" | "useRouteLoaderData"
> & {
  Link: ComponentType<LinkProps & RefAttributes<HTMLAnchorElement>>;
  NavLink: ComponentType<NavLinkProps & RefAttributes<HTMLAnchorElement>>;
  Await: <T>(props: AwaitProps<T>) => ReactNode;
  /** Where a navigation in the page is going while its data loads; null when none is. */
  usePendingLocation: () => Location | null;
  /** Whether following a link to `url` stays in this page (client-side), rather than loading a document. */
  opensInPage: (url: URL) => boolean;
};

let installed: Navigation | null = null;

export function installNavigation(navigation: Navigation): void {
  installed = navigation;
}

/** A router for one render's tree, in place of the installed one. */
export const NavigationContext = createContext<Navigation | null>(null);

function current(): Navigation {
  if (!installed) throw new Error("No router installed: the page's entry installs one before rendering");
  return installed;
}

/** The router of the tree being rendered: its own when it has one, else the installed one. */
function ofTree(): Navigation {
  return use(NavigationContext) ?? current();
}

export const Link: Navigation["Link"] = (props) => createElement(ofTree().Link, props);
export const NavLink: Navigation["NavLink"] = (props) => createElement(ofTree().NavLink, props);
export const Await = <T>(props: AwaitProps<T>): ReactNode =>
  createElement(ofTree().Await as ComponentType<AwaitProps<T>>, props);
export const useLocation: Navigation["useLocation"] = () => ofTree().useLocation();
export const useNavigate: Navigation["useNavigate"] = () => ofTree().useNavigate();
export const useSearchParams: Navigation["useSearchParams"] = (init) => ofTree().useSearchParams(init);
export const useRouteLoaderData: Navigation["useRouteLoaderData"] = (routeId) => ofTree().useRouteLoaderData(routeId);
export const usePendingLocation: Navigation["usePendingLocation"] = () => ofTree().usePendingLocation();
/** Whether following a link to `url` stays in this page, rather than loading a document. */
export const opensInPage = (url: URL): boolean => current().opensInPage(url);
