import { useEffect, useSyncExternalStore } from "react";
import { followedLink } from "../platform/navigation/clicks";

/** The spec's banner while the browser has no connection. */
export const OFFLINE_MESSAGE = "You're offline. Showing cached data.";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser believes it is online (always true on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div className="offline-banner" role="status" hidden={online}>
      {online ? "" : OFFLINE_MESSAGE}
    </div>
  );
}

/**
 * Registers the service worker (public/sw.js) once the page has loaded, then hands it the
 * page and the files it loaded before the worker was in control, so that this first page
 * works offline too.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const register = () => {
      navigator.serviceWorker
        .register("/sw.js", { scope: "/" })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const urls = performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((url) => url.startsWith(location.origin));
          registration.active?.postMessage({ type: "cache-urls", page: location.href, urls });
        })
        .catch((error: unknown) => console.warn("offline support unavailable", error));
    };
    // After the page has loaded and gone quiet: the worker's install and its copies of this
    // page's files must not compete with the page's own first load.
    let idle = 0;
    const whenIdle = () => {
      idle = window.setTimeout(() => {
        if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 5_000 });
        else register();
      }, 3_000);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      window.clearTimeout(idle);
    };
  }, []);
}

/** The store's settings as the spec keeps them in the browser (sf:view), e.g. for the offline page. */
export function useStoreViewCache(view: unknown): void {
  useEffect(() => {
    try {
      localStorage.setItem("sf:view", JSON.stringify({ ...(view as object), savedAt: new Date().toISOString() }));
    } catch {
      // Storage full or blocked: the store works without it.
    }
  }, [view]);
}

/**
 * While offline, a link opens as a whole page instead of a client-side navigation: the service
 * worker has the pages the shopper saw, but not necessarily their data requests.
 */
export function useOfflineLinks(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (navigator.onLine) return;
      const url = followedLink(event, "a[href]")?.url;
      if (!url || (url.pathname === location.pathname && url.hash)) return;
      event.preventDefault();
      location.assign(url.href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
}
