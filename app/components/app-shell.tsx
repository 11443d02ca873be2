import { type ReactNode, useEffect, useMemo } from "react";
import { HYDRATED_EVENT } from "../platform/hydration-events";
import type { loader as rootLoader } from "../root";
import { OfflineBanner, useOfflineLinks, useServiceWorker, useStoreViewCache } from "./offline";
import { SiteFooter } from "./site-footer";
import { SiteHeader, useHeaderHeight } from "./site-header";
import { useAppLinks } from "./ui/app-link";

/** What the root route loads for every page of a store (root.tsx; an installation page without a store has none). */
export type RootData = NonNullable<Awaited<ReturnType<typeof rootLoader>>>;

/**
 * Every page's frame: the offline banner, header, main and footer, with the page's own part as
 * children. The root route renders it around its outlet; a page sent without React Router's
 * browser runtime (ADR 0024) hydrates it around its own part.
 */
export function AppShell({ root, children }: { root: RootData; children: ReactNode }) {
  useServiceWorker();
  useOfflineLinks();
  useAppLinks();
  useHydratedSignal();
  useHeaderHeight();
  useStoreViewCache(useMemo(() => ({ store: root.store, theme: root.theme }), [root.store, root.theme]));
  return (
    <>
      <OfflineBanner />
      <SiteHeader store={root.store} account={root.account} />
      <main id="main" className="page">
        {children}
      </main>
      <SiteFooter store={root.store} csrf={root.csrf} />
    </>
  );
}

/** React has the page: what the shopper clicked and typed before is handed over (ADR 0015). */
export function useHydratedSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
