import { type CSSProperties, type ReactNode, useContext } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AppShell, useHydratedSignal } from "./components/app-shell";
import { OfflineBanner, useOnline } from "./components/offline";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { imageAt } from "./components/ui/product-image";
import { accountBadge } from "./modules/accounts/request.server";
import { INSTALLATION_PAGES } from "./modules/installation/pages";
import { FONT_AFTER_PAINT, fontIsCached, fontStylesheet } from "./modules/store/fonts";
import { siteOrigin } from "./modules/store/origin.server";
import { storeView } from "./modules/store/settings";
import { themeStyle } from "./modules/store/theme";
import { INERT_REL_PREFIX } from "./platform/hydration-events";
import { ServerDocumentContext } from "./platform/navigation/server-document";
import { STANDALONE_ROOT_ID } from "./platform/navigation/standalone";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store } = context;
  if (!store) {
    // The installation's pages are answered on a host without a store, in their own frame.
    if (INSTALLATION_PAGES.has(new URL(request.url).pathname)) return null;
    throw data({ reason: "store-not-found" as const }, { status: 404 });
  }
  const font = fontStylesheet(store.customisation.font);
  return {
    // Absolute links (canonical, Open Graph, sitemap) use the public address when one is set.
    origin: siteOrigin(request, context.env),
    store: storeView(store.title, store.customisation, store.profile),
    theme: themeStyle(store.customisation),
    themeColor: store.customisation.primaryColor,
    // An uploaded favicon is kept at up to 2000 px: the icon needs the smallest width served.
    favicon: store.customisation.favicon.endsWith(".svg")
      ? store.customisation.favicon
      : imageAt(store.customisation.favicon, 160),
    /** The chosen font's self-hosted stylesheet. */
    font,
    /** Whether this browser has the font already (else it loads after the first paint). */
    fontCached: fontIsCached(request.headers.get("cookie"), font),
    /** A browser key for address search (Google Places); null when the shop has none. */
    mapsKey: context.env.GOOGLE_MAPS_API_KEY ?? null,
    /** The header's 'My Account' state; null for a shopper who is not signed in. */
    account: await accountBadge(request, context, store),
    /** The anti-forgery token for plain forms (the newsletter) before scripts run. */
    csrf: context.csrf,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const standalone = useStandalone(root);
  return (
    <html lang="en-IN" style={root?.theme as CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root?.favicon ? <link rel="icon" href={root.favicon} /> : null}
        <FontStylesheet href={root?.font ?? fontStylesheet("Inter")} kept={root?.fontCached ?? false} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/192.png" />
        {root ? <meta name="theme-color" content={root.themeColor} /> : null}
        <Meta />
        <Links />
      </head>
      <body id="top">
        {standalone ? (
          <>
            <div id={STANDALONE_ROOT_ID} className="standalone-root">
              {children}
            </div>
            {standalone.scripts}
          </>
        ) : (
          <>
            {children}
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * How a page rendered on the server is to run in the browser: standalone (ADR 0024) when the
 * document render decided so (`standalonePageOf`: its route says so, it loaded without an error
 * and the build has the page's entry); else with React Router. In the browser (React Router's own
 * renders) always with React Router.
 */
function useStandalone(root: unknown): { scripts: ReactNode } | null {
  const serverDocument = useContext(ServerDocumentContext);
  const leaf = useMatches().at(-1);
  const page = serverDocument?.standalonePage;
  if (!serverDocument || !page || !leaf) return null;
  const scripts = serverDocument.standaloneScripts(page, root, leaf.loaderData as Record<string, unknown>);
  return scripts ? { scripts } : null;
}

/**
 * The store font's stylesheet: at once when the browser has its files, else inert, and the
 * page's first script loads the font's files after the first paint for the pages after this one
 * (ADR 0016, ADR 0034); at once without scripts.
 */
function FontStylesheet({ href, kept }: { href: string; kept: boolean }) {
  if (kept) return <link rel="stylesheet" href={href} />;
  return (
    <>
      <link rel={`${INERT_REL_PREFIX}stylesheet`} href={href} {...{ [FONT_AFTER_PAINT]: "" }} />
      <noscript>
        <link rel="stylesheet" href={href} />
      </noscript>
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The console's pages have a frame of their own (routes/admin), not the store's.
  const console = useMatches().some((match) => (match.handle as { console?: boolean } | undefined)?.console);
  if (console || !loaderData) return <Outlet />;
  return (
    <AppShell root={loaderData}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  useHydratedSignal();
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const online = useOnline();
  if (isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "store-not-found") {
    return <StoreNotFound />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? "Page not found" : online ? "Something went wrong" : "You're offline";
  return (
    <>
      <OfflineBanner />
      {root ? <SiteHeader store={root.store} account={root.account} /> : null}
      <main id="main" className="page narrow">
        <title>{heading}</title>
        <h1>{heading}</h1>
        <p>
          {notFound
            ? "We couldn't find the page you were looking for."
            : online
              ? "An unexpected error happened on our side. Please try again in a moment."
              : "This page has not been saved on this device yet. The pages you visited before are still here."}
        </p>
        <p className="actions">
          <Link className="button" to="/">
            Go to home
          </Link>
          <Link className="button secondary" to="/products">
            Browse Products
          </Link>
        </p>
      </main>
      {root ? <SiteFooter store={root.store} csrf={root.csrf} /> : null}
    </>
  );
}

function StoreNotFound() {
  return (
    <main id="main" className="page narrow store-not-found">
      <title>Store not found</title>
      <h1>We couldn't find this store.</h1>
      <p>Check the address, or start from one of these pages.</p>
      <ul className="link-list">
        <li>
          <a href="/">Home</a>
        </li>
        <li>
          <a href="/create-store">Create a store</a>
        </li>
        <li>
          <a href="/updates">Updates</a>
        </li>
      </ul>
    </main>
  );
}
