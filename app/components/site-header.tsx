import { useEffect, useRef, useState } from "react";
import type { AccountBadge } from "../modules/accounts/request.server";
import type { StoreView } from "../modules/store/settings";
import { CachedPart } from "../platform/cached-part";
import { isActive } from "../platform/navigation/active";
import { Link, NavLink, useLocation } from "../platform/navigation/navigation";
import { useAddressChange } from "../platform/navigation/use-address-change";
import { CartButton, cartDrawer } from "./cart-drawer";
import { DeliveryLocation } from "./delivery-location";
import { HeaderSearch } from "./header-search";
import { PersonIcon } from "./ui/person-icon";
import { imageAt, srcSetAt } from "./ui/product-image";
import { useHydrated } from "./ui/use-hydrated";

/** The logo is laid out 180 px wide (app.css): these cover 1x to 2.5x. */
const LOGO_WIDTHS = [320, 480] as const;

/** How the header starts in a page (ADR 0030). */
const HEADER_START = '<header class="site-header">';

/** Every link the header marks when the shopper is on its page: its address, and whether only that address counts. */
const MARKED_LINKS = [
  ["/", true],
  ["/products", false],
  ["/cart", false],
  ["/account", false],
] as const;

/**
 * The header is the same for every page of a store but for what its key writes out: which of its
 * links is the page's, the search box's words (?q=) and the signed-in customer. A page rendered
 * whole takes it from the cached parts (ADR 0030).
 */
export function SiteHeader({ store, account }: { store: StoreView; account: AccountBadge | null }) {
  const { pathname, search } = useLocation();
  return (
    <CachedPart
      keyOf={() => {
        const marked = MARKED_LINKS.map(([to, end]) => (isActive(pathname, to, end, false) ? 1 : 0)).join("");
        const q = new URLSearchParams(search).get("q") ?? "";
        return `header\n${marked}\n${q}\n${JSON.stringify(account)}\n${JSON.stringify(store)}`;
      }}
      start={HEADER_START}
      holds=""
    >
      <Header store={store} account={account} />
    </CachedPart>
  );
}

/**
 * Keeps `--header-height` on the page equal to what the sticky header keeps in sight, as it
 * changes (the window narrows and the header wraps, the store's font arrives): what sticks below
 * the header, as the listing's category chips do (spec section 5), sticks there rather than under
 * it. Below 900 px the header stops with its first row above the screen (a negative `top`,
 * app.css, ADR 0037), so that row does not count. Until the page is hydrated, and without
 * scripts, the chips scroll under the header.
 */
export function useHeaderHeight() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>(".site-header");
    if (!header || typeof ResizeObserver === "undefined") return;
    const page = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? header.getBoundingClientRect().height;
      const above = Math.max(0, -Number.parseFloat(getComputedStyle(header).top) || 0);
      page.setProperty("--header-height", `${height - above}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      page.removeProperty("--header-height");
    };
  }, []);
}

/**
 * The header (spec section 2): logo, delivery location, search, cart and the main links. On
 * phones the links fold into a Menu (a native disclosure, so it opens without scripts too)
 * with Home, Shop, Cart (opens the cart drawer) and My Account.
 */
function Header({ store, account }: { store: StoreView; account: AccountBadge | null }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${store.title} home`}>
          {store.logo ? (
            <img
              src={imageAt(store.logo, 320)}
              srcSet={srcSetAt(store.logo, LOGO_WIDTHS)}
              sizes="180px"
              alt=""
              width="180"
              height="48"
              fetchPriority="low"
            />
          ) : (
            <span>{store.title}</span>
          )}
        </Link>
        <DeliveryLocation />
        <HeaderSearch />
        <nav aria-label="Main" className="main-nav">
          <ul className="nav-list">
            <li className="wide-only">
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li className="wide-only">
              <NavLink to="/products">Shop</NavLink>
            </li>
            {/* A wholesale buyer's many lines at once (issue 59): in the header where there is room for it. */}
            <li className="wide-only roomy-only">
              <NavLink to="/quick-order">Quick order</NavLink>
            </li>
            <li>
              <CartButton />
            </li>
            <li className="wide-only">
              <AccountLink account={account} />
            </li>
          </ul>
          <MobileMenu account={account} />
        </nav>
      </div>
    </header>
  );
}

function AccountLink({ account, onClick }: { account: AccountBadge | null; onClick?: () => void }) {
  return (
    <NavLink to="/account" className={account ? "account-link signed-in" : "account-link"} onClick={onClick}>
      {account ? (
        <span className="account-link__avatar" aria-hidden="true">
          {account.firstName.charAt(0).toUpperCase() || <PersonIcon size={14} />}
        </span>
      ) : null}
      My Account
      {account ? (
        <span className="visually-hidden">
          {account.firstName ? ` (signed in as ${account.firstName})` : " (signed in)"}
        </span>
      ) : null}
    </NavLink>
  );
}

function MobileMenu({ account }: { account: AccountBadge | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };

  // A new page closes the menu; the first render's does not, so a menu opened before the page's
  // scripts ran stays open when they hydrate it.
  useAddressChange(`${pathname}${search}`, close);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    // Opened before the scripts ran: say so.
    setOpen(details.open);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onOutside = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
    };
  }, []);

  return (
    <details ref={menu} className="mobile-menu" onToggle={(e) => setOpen(e.currentTarget.open)}>
      {/* role and aria-expanded spelled out: not every tool reads a summary as the button it is */}
      {/* biome-ignore lint/a11y/useSemanticElements: a summary is a button; a <button> would not open without scripts */}
      <summary role="button" aria-expanded={open} aria-controls="mobile-menu-list">
        <span aria-hidden="true" className="mobile-menu__icon" />
        <span className="mobile-menu__word">Menu</span>
      </summary>
      <ul className="mobile-menu__list" id="mobile-menu-list">
        <li>
          <NavLink to="/" end onClick={close}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to="/products" onClick={close}>
            Shop
          </NavLink>
        </li>
        <li>
          <NavLink to="/quick-order" onClick={close}>
            Quick order
          </NavLink>
        </li>
        <li>
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                close();
                cartDrawer.open();
              }}
            >
              Cart
            </button>
          ) : (
            <NavLink to="/cart" onClick={close}>
              Cart
            </NavLink>
          )}
        </li>
        <li>
          <AccountLink account={account} onClick={close} />
        </li>
      </ul>
    </details>
  );
}
