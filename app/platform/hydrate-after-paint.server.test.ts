import { describe, expect, it } from "vitest";
import { hydrateAfterPaintStream, INERT_MODULE, hydrateAfterPaint as rewrite } from "./hydrate-after-paint.server";
import { INERT_REL_PREFIX } from "./hydration-events";

/** The rewrite, on text. */
const hydrateAfterPaint = (html: string, nonce: string) => rewrite(Buffer.from(html), nonce)?.toString() ?? null;

// The shape of a page as React Router 7 and React 19 write it: preloads hoisted into the head,
// the context script, then the module script that hydrates, then streamed data.
const MODULE_TEXT = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-3.js");`;
const PAGE = [
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>',
  '<link rel="icon" href="/media/demo/favicon.svg"/><link rel="manifest" href="/manifest.webmanifest"/>',
  '<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="n0nce"/>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body id="top"><main>Basmati Rice</main>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  `<script nonce="n0nce" type="module" async="">${MODULE_TEXT}</script>`,
  '<script nonce="n0nce">window.__reactRouterContext.streamController.enqueue("[]");</script>',
  "</body></html>",
].join("");

describe("hydrateAfterPaint", () => {
  const out = hydrateAfterPaint(PAGE, "n0nce") ?? "";

  it("leaves no module script or module preload for the browser to fetch before the first paint", () => {
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(out.match(new RegExp(`<link rel="${INERT_REL_PREFIX}modulepreload"`, "g"))).toHaveLength(2);
  });

  it("holds the web app manifest back with them, and no other link", () => {
    expect(out).not.toMatch(/<link[^>]*rel="manifest"/);
    expect(out).toContain(`<link rel="${INERT_REL_PREFIX}manifest" href="/manifest.webmanifest"/>`);
    expect(out).toContain('<link rel="icon" href="/media/demo/favicon.svg"/>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("keeps the module script's nonce and text, followed at once by the script that wakes it", () => {
    expect(out).toContain(
      `<script nonce="n0nce" type="${INERT_MODULE}">${MODULE_TEXT}</script><script nonce="n0nce">(function `,
    );
  });

  it("writes a first script that cannot end early in the HTML (no '<' in it)", () => {
    const first = /<script nonce="n0nce">(\(function [\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(first).toContain('"mandi-","mandi:hydrating","mandi:hydrated"');
    expect(first).not.toContain("<");
  });

  it("writes the first script minified, and whole: it parses as JavaScript", () => {
    const first = /<script nonce="n0nce">(\(function [\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(first).not.toMatch(/\n\s|\/\/ /);
    // 2.5 KB since it loads the store font's faces itself (ADR 0034): 1.0 KB brotli of every page,
    // whose first round trip carries 14.6 KB (home is 11-13.7 KB).
    expect(first.length).toBeLessThan(2700);
    // Parsed, not run (it needs a page).
    expect(() => new Function(first)).not.toThrow();
  });

  it("changes nothing else: turned back, the page is the one React Router wrote", () => {
    const restored = out
      .replace(/<script nonce="n0nce">\(function [\s\S]*?<\/script>/, "")
      .replace(`type="${INERT_MODULE}"`, 'type="module" async=""')
      .replaceAll(`rel="${INERT_REL_PREFIX}`, 'rel="');
    expect(restored).toBe(PAGE);
  });

  it("answers null for HTML without a module script, which is then sent as it is", () => {
    expect(hydrateAfterPaint("<html><body><p>Offline</p></body></html>", "n0nce")).toBeNull();
  });
});

describe("hydrateAfterPaintStream", () => {
  it("rewrites the shell written in one go, however React cut it, and passes later pieces through", async () => {
    const stream = hydrateAfterPaintStream("n0nce");
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString("utf8")));
    const done = new Promise((resolve) => stream.on("end", resolve));
    // Cut inside the module script's tag and inside a preload.
    const cuts = [PAGE.indexOf('type="module"') + 7, PAGE.indexOf("modulepreload") + 4];
    const shell = PAGE.replace("</body></html>", "");
    const [a, b] = [Math.min(...cuts), Math.max(...cuts)];
    stream.write(shell.slice(0, a));
    stream.write(Buffer.from(shell.slice(a, b)));
    stream.write(shell.slice(b));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const later = '<div hidden id="S:0">Related products</div><script>$RC("B:0","S:0")</script></body></html>';
    stream.end(later);
    await done;
    expect(received).toEqual([hydrateAfterPaint(shell, "n0nce"), later]);
  });

  it("sends a page that ends before the next turn as one rewritten piece", async () => {
    const stream = hydrateAfterPaintStream("n0nce");
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString("utf8")));
    const done = new Promise((resolve) => stream.on("end", resolve));
    stream.write(PAGE.slice(0, 100));
    stream.end(PAGE.slice(100));
    await done;
    expect(received).toEqual([hydrateAfterPaint(PAGE, "n0nce")]);
  });
});
