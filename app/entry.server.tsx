import standaloneEntry from "virtual:mandi/standalone-entry";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { reportError } from "./error-reports.server";
import { hydrateAfterPaint, hydrateAfterPaintStream } from "./platform/hydrate-after-paint.server";
import { withDocumentLinks } from "./platform/navigation/document";
import { deferredValuesOf, omitHandoff, standalonePageOf } from "./platform/navigation/handoff.server";
import { NavigationContext } from "./platform/navigation/navigation";
import { reactRouterNavigation } from "./platform/navigation/react-router";
import { ServerDocumentContext } from "./platform/navigation/server-document";
import { standaloneScripts } from "./platform/navigation/standalone-scripts";
import { partSlots } from "./platform/part-cache.server";
import { renderWholePage, settleWithin } from "./platform/whole-page.server";

export const streamTimeout = 5_000;

/**
 * An error a loader, an action or a render threw, which React Router turned into the error
 * page: one JSON log line with the request's id (in place of React Router's console.error), and
 * a report when SENTRY_DSN is set. A request the browser gave up on is neither.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  const path = new URL(request.url).pathname;
  const requestContext = context as AppLoadContext | undefined;
  if (requestContext) requestContext.log.error("request failed", { error, method: request.method, path });
  else process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  reportError(error, { requestId: requestContext?.requestId, method: request.method, path });
};
/**
 * A standalone page's shared components link with the document's own links, as in the browser
 * that hydrates them (ADR 0024); every other name is React Router's, whose server render this is.
 */
const standaloneNavigation = withDocumentLinks(reactRouterNavigation);
/** How long a page's shell waits for the rest of the page before it is sent on its own. */
const SHELL_GRACE_MS = 10;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;
  const graceEnds = performance.now() + SHELL_GRACE_MS;
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole page at once, deferred data included.
  const wholePageOnly = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode);
  // A standalone page sends its data as JSON of its own: React Router's encoding of it for its
  // browser runtime would be made for nothing (scripts/vite-lazy-handoff.ts).
  const standalonePage = standalonePageOf(routerContext, standaloneEntry);
  if (standalonePage) omitHandoff(routerContext);
  const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
  const page = (
    <ServerDocumentContext value={{ standalonePage, standaloneScripts: standaloneScripts(standaloneEntry, nonce) }}>
      {standalonePage ? <NavigationContext value={standaloneNavigation}>{router}</NavigationContext> : router}
    </ServerDocumentContext>
  );
  // A standalone page whose deferred data comes within the moment a streamed shell would wait
  // for it is rendered in one piece (ADR 0025). A page React Router runs streams its data for
  // the router's browser runtime, so it always streams.
  if (standalonePage) {
    const deferred = deferredValuesOf(routerContext);
    if (await settleWithin(deferred, wholePageOnly ? streamTimeout : SHELL_GRACE_MS)) {
      const parts = loadContext.parts && partSlots(loadContext.parts, { nonce, csrf: loadContext.csrf });
      const html = renderWholePage(page, parts);
      if (html) {
        const body = hydrateAfterPaint(html, nonce) ?? html;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // A Buffer made by Buffer.from or Buffer.concat lies on an ArrayBuffer, never a shared one.
        return new Response(body as Uint8Array<ArrayBuffer>, {
          headers: responseHeaders,
          status: responseStatusCode,
        });
      }
    }
  }
  return streamPage(page, responseStatusCode, responseHeaders, request, loadContext, {
    wholePageOnly,
    graceMs: Math.max(0, graceEnds - performance.now()),
  });
}

/** Streams the page: its shell once ready (after a moment's grace for the rest), then each deferred part. */
function streamPage(
  page: ReactNode,
  responseStatusCode: number,
  responseHeaders: Headers,
  request: Request,
  loadContext: AppLoadContext,
  { wholePageOnly, graceMs }: { wholePageOnly: boolean; graceMs: number },
): Promise<Response> {
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let started = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    let graceId: ReturnType<typeof setTimeout> | undefined;

    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(graceId);
      // The page paints before its scripts load (ADR 0015).
      const body = hydrateAfterPaintStream(nonce);
      body.once("finish", () => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        shellRendered = true;
        // A page whose last parts are ready a moment after its shell goes out whole: React
        // writes them in place, without the placeholders and the script that moves them
        // (about 0.5 KB compressed, and DOM work before the first paint). A page still
        // waiting then (deferred data, a slow query) streams from its shell as before.
        if (!wholePageOnly) graceId = setTimeout(start, graceMs);
      },
      onAllReady() {
        start();
      },
      onShellError(error: unknown) {
        clearTimeout(graceId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // A part that failed after the shell went out is missing from this page: not kept.
        loadContext.pageCache.dontKeep();
        if (shellRendered) loadContext.log.error("render failed", { error, url: request.url });
      },
    });
  });
}
