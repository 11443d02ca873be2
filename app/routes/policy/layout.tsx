import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ContactBlock, useOperator } from "../../components/policy";
import { policyPage } from "../../modules/store/policy-pages";
import { policyHtml, readPolicyText } from "../../modules/store/policy-pages.server";
import type { Route } from "./+types/layout";

const updatedOn = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

/**
 * The store's own text for the page, when its owner wrote one in the console (issue 56), made
 * into HTML here; otherwise the page's built-in text renders.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const page = policyPage(url.pathname.split("/").pop());
  if (!context.store || !page) return { own: null };
  const text = await readPolicyText(context.db, context.store.id, page.slug);
  if (!text) return { own: null };
  return { own: { title: page.title, html: policyHtml(text.body), updated: updatedOn.format(text.updatedAt) } };
}

/** Policy pages open at the top (spec section 2). */
export default function PolicyLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const operator = useOperator();
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  const own = loaderData?.own;
  return (
    <article className="narrow policy">
      {own ? (
        <>
          <h1>{own.title}</h1>
          {/* The owner's Markdown, made HTML by micromark, which never passes HTML or script links through. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML made on the server from Markdown. */}
          <div dangerouslySetInnerHTML={{ __html: own.html }} />
          <ContactBlock operator={operator} />
        </>
      ) : (
        <Outlet />
      )}
      <p className="muted">Last updated {own ? own.updated : "September 3, 2025"}</p>
    </article>
  );
}
