import type { ReactNode } from "react";
import { useRouteLoaderData } from "../platform/navigation/navigation";
import type { loader as rootLoader } from "../root";

/**
 * The frame of an installation page (/create-store, /updates): inside the store's own header
 * and footer on a store's host, alone on a host without a store.
 */
export function InstallationFrame({ title, children }: { title: string; children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = (
    <>
      <title>{title}</title>
      {children}
    </>
  );
  return root ? (
    <div className="narrow installation">{page}</div>
  ) : (
    <main id="main" className="page narrow installation">
      {page}
    </main>
  );
}
