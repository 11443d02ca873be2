import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";

/** Policy pages open at the top (spec section 2). */
export default function PolicyLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <article className="narrow policy">
      <Outlet />
      <p className="muted">Last updated September 3, 2025</p>
    </article>
  );
}
