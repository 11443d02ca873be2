import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { PartSlotsContext } from "./cached-part";
import { markWhenSettled } from "./navigation/known-promise";
import type { PageParts } from "./part-cache.server";

/**
 * A page rendered in one piece (ADR 0025).
 *
 * React's streaming renderer writes a page as UTF-8 chunks into a small buffer, one string at a
 * time, for a stream that React Router then wraps twice. A standalone page whose data is all
 * here (a listing, home, a product page once its related products came) has nothing to stream:
 * `renderToString` renders the same tree with the same engine into one string, which becomes one
 * buffer. On a rendered category listing at 10 connections this served 25-30% more pages a
 * second.
 *
 * `renderToString` has no way to report a part that failed or waited: it renders that part's
 * Suspense fallback and marks it for the browser to render (`<!--$!-->`). A page with such a mark
 * is not this function's to send: it answers null, and the caller renders the page again with
 * the streaming renderer, which reports the failure, sets the status and keeps the page out of
 * the page cache as before. React escapes `<` in text and attributes, so the mark cannot come
 * from the catalogue's words; JSON in scripts has every `<` escaped as well (`scriptJson`).
 */
export function renderWholePage(page: ReactNode, parts?: PageParts): Buffer | null {
  let html: string | null;
  try {
    html = renderToString(parts ? createElement(PartSlotsContext, { value: parts }, page) : page);
  } catch {
    // A part outside any Suspense boundary failed or waited: the streaming render reports it.
    return null;
  }
  if (html.includes(CLIENT_RENDERED_MARK)) return null;
  // The streaming renderer writes the doctype before an `<html>` root; this one does not.
  if (html.startsWith("<html")) html = `<!DOCTYPE html>${html}`;
  // Parts cached by what they show go where the render left their placeholders (ADR 0028, ADR 0030).
  return parts ? parts.fill(html) : Buffer.from(html);
}

/** The start of a Suspense boundary that React left for the browser to render. */
const CLIENT_RENDERED_MARK = "<!--$!-->";

/**
 * Waits at most `ms` for the page's deferred values. True when all have settled: each is then
 * marked as React marks a promise it has read (`status`, `value` or `reason`), so that `use`
 * reads it at once instead of suspending. False when one is still pending; the caller streams.
 */
export async function settleWithin(values: readonly Promise<unknown>[], ms: number): Promise<boolean> {
  if (values.length === 0) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  const all = Promise.all(values.map(markWhenSettled)).then(() => true as const);
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}
