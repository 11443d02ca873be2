import { type ComponentProps, useEffect } from "react";
import { followedLink } from "../../platform/navigation/clicks";
import { opensInPage, useNavigate } from "../../platform/navigation/navigation";

/**
 * A link for the catalogue's long lists (product cards, category chips, tiles): a plain anchor
 * that the one document listener of `useAppLinks` turns into a client-side navigation.
 *
 * React Router's `<Link>` resolves its path, reads the location and sets up prefetching on
 * every render; a listing renders a hundred of them, which cost 7% of the server's time per page
 * (ADR 0010). These links are always absolute paths, so there is nothing to resolve. Without
 * JavaScript, or before hydration, they are ordinary links.
 */
export function AppLink({
  to,
  keepScroll = false,
  ...rest
}: Omit<ComponentProps<"a">, "href"> & { to: string; keepScroll?: boolean }) {
  return <a {...appLinkAttributes(to, keepScroll)} {...rest} />;
}

/** An `AppLink`'s own attributes, for an anchor rendered otherwise (a static part, ADR 0035). */
export function appLinkAttributes(to: string, keepScroll = false) {
  return { href: to, "data-app-link": keepScroll ? "keep-scroll" : "" };
}

/** Client-side navigation for every `AppLink` on the page; mounted once, in the root. */
export function useAppLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const followed = followedLink(event, "a[data-app-link]");
      // A page without a client-side router leaves the rest of its links to the browser (ADR 0024).
      if (!followed || !opensInPage(followed.url)) return;
      const { link, url } = followed;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, {
        preventScrollReset: link.dataset.appLink === "keep-scroll",
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
