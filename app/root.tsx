import type { CSSProperties, ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { siteOrigin } from "./modules/store/origin.server";
import { storeView } from "./modules/store/settings";
import { themeStyle } from "./modules/store/theme";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store } = context;
  if (!store) throw data({ reason: "store-not-found" as const }, { status: 404 });
  return {
    // Absolute links (canonical, Open Graph, sitemap) use the public address when one is set.
    origin: siteOrigin(request, context.env),
    store: storeView(store.title, store.customisation, store.profile),
    theme: themeStyle(store.customisation),
    favicon: store.customisation.favicon,
    /** A browser key for address search (Google Places); null when the shop has none. */
    mapsKey: context.env.GOOGLE_MAPS_API_KEY ?? null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-IN" style={root?.theme as CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root?.favicon ? <link rel="icon" href={root.favicon} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader store={loaderData.store} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter store={loaderData.store} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "store-not-found") {
    return <StoreNotFound />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {root ? <SiteHeader store={root.store} /> : null}
      <main id="main" className="page narrow">
        <title>{notFound ? "Page not found" : "Something went wrong"}</title>
        <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p>
          {notFound
            ? "We couldn't find the page you were looking for."
            : "An unexpected error happened on our side. Please try again in a moment."}
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
      {root ? <SiteFooter store={root.store} /> : null}
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
