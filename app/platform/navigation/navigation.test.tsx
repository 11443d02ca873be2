import { renderToString } from "react-dom/server";
import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import { Await } from "./await";
import { withDocumentLinks } from "./document";
import { installNavigation, Link, type Navigation, NavigationContext, NavLink, useLocation } from "./navigation";

const at = (pathname: string): Location => ({ pathname, search: "", hash: "", state: null, key: "default" });

type AnyLink = Navigation["Link"];

/** Links that say which router they are from. */
const InstalledLink: AnyLink = ({ to, children }) => (
  <a data-router="installed" href={String(to)}>
    {children}
  </a>
);
const OwnLink: AnyLink = ({ to, children }) => (
  <a data-router="own" href={String(to)}>
    {children}
  </a>
);

/** A router with those links, at a fixed place. */
function fakeNavigation(link: AnyLink, pathname: string): Navigation {
  return {
    opensInPage: () => false,
    usePendingLocation: () => null,
    Link: link,
    NavLink: link as Navigation["NavLink"],
    Await,
    useLocation: () => at(pathname),
    useNavigate: () => () => {},
    useSearchParams: () => [new URLSearchParams(), () => {}],
    useRouteLoaderData: () => undefined,
  } as Navigation;
}

function Here() {
  return <p>{useLocation().pathname}</p>;
}

describe("the shared components' router", () => {
  installNavigation(fakeNavigation(InstalledLink, "/cart"));

  it("is the installed one, unless the tree being rendered has its own", () => {
    expect(renderToString(<Link to="/cart">Cart</Link>)).toBe('<a data-router="installed" href="/cart">Cart</a>');
    expect(renderToString(<Here />)).toBe("<p>/cart</p>");
    const own = fakeNavigation(OwnLink, "/products");
    expect(
      renderToString(
        <NavigationContext value={own}>
          <Link to="/cart">Cart</Link>
          <Here />
        </NavigationContext>,
      ),
    ).toBe('<a data-router="own" href="/cart">Cart</a><p>/products</p>');
  });

  it("links with the document's own links where the server renders a standalone page", () => {
    // What React Router's Link and NavLink write on the server for the same links.
    const standalone = withDocumentLinks(fakeNavigation(InstalledLink, "/products/amul-paneer"));
    const html = renderToString(
      <NavigationContext value={standalone}>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/products" className="nav">
          Shop
        </NavLink>
        <Link to={{ pathname: "/products", search: "q=atta" }} className="more" prefetch="intent">
          Atta
        </Link>
        <Link to="https://wa.me/919820045123">WhatsApp</Link>
      </NavigationContext>,
    );
    expect(html).toBe(
      [
        '<a class="" href="/" data-discover="true">Home</a>',
        '<a aria-current="page" class="nav active" href="/products" data-discover="true">Shop</a>',
        '<a class="more" href="/products?q=atta" data-discover="true">Atta</a>',
        '<a href="https://wa.me/919820045123">WhatsApp</a>',
      ].join(""),
    );
  });
});
