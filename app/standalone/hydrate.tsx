import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { AppShell, type RootData } from "../components/app-shell";
import { HYDRATING_EVENT } from "../platform/hydration-events";
import { documentNavigation, type InPage, usePageData } from "../platform/navigation/document";
import { installNavigation } from "../platform/navigation/navigation";
import { STANDALONE_ROOT_ID } from "../platform/navigation/standalone";
import { readStandaloneData } from "../platform/navigation/standalone-data";

/**
 * Hydrates a standalone page (ADR 0024): its frame and its own part, with the document as their
 * router, without React Router's browser runtime. `render` is what the page's route component
 * renders on the server, from the same loader data (`app/standalone/*.client.tsx`); a page that
 * shows other addresses in place (`inPage`) renders their data the same way.
 */
export function hydrateStandalone(render: (values: Record<string, unknown>) => ReactNode, inPage?: InPage): void {
  // A deferred part still streaming is a promise that settles once the document is whole; React
  // hydrates the rest of the page meanwhile and that part when it comes (standalone-data.ts).
  const data = readStandaloneData(document);
  const container = document.getElementById(STANDALONE_ROOT_ID);
  if (!container) throw new Error(`The page has no #${STANDALONE_ROOT_ID}`);
  installNavigation(documentNavigation({ root: data.root }, data.values, inPage ?? null));
  // From here on React answers clicks itself; the ones before were kept by the page (ADR 0015).
  document.dispatchEvent(new Event(HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppShell root={data.root as RootData}>
          <PageData render={render} />
        </AppShell>
      </StrictMode>,
    );
  });
}

/** The page's part from the data it shows now (its loader's, then each in-page navigation's). */
function PageData({ render }: { render: (values: Record<string, unknown>) => ReactNode }) {
  return render(usePageData() as Record<string, unknown>);
}
