import { Link, NavLink } from "react-router";
import type { StoreView } from "../modules/store/settings";
import { CartButton } from "./cart-drawer";
import { DeliveryLocation } from "./delivery-location";
import { HeaderSearch } from "./header-search";

export function SiteHeader({ store }: { store: StoreView }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${store.title} home`}>
          {store.logo ? <img src={store.logo} alt="" width="180" height="48" /> : <span>{store.title}</span>}
        </Link>
        <DeliveryLocation />
        <HeaderSearch />
        <nav aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/products">Shop</NavLink>
            </li>
            <li>
              <CartButton />
            </li>
            <li>
              <NavLink to="/account">My Account</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
