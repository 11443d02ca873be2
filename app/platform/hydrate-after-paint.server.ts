import { Transform } from "node:stream";
import { FONT_AFTER_PAINT, FONT_COOKIE } from "../modules/store/fonts";
import { HYDRATED_EVENT, HYDRATING_EVENT, INERT_REL_PREFIX } from "./hydration-events";
import paintThenHydrateSource from "./paint-then-hydrate.ts?inline-script";

/**
 * Pages paint first and load their scripts after (ADR 0015).
 *
 * React Router's `<Scripts>` writes one `<link rel="modulepreload">` per module of the page (React
 * hoists them into the head) and one inline `<script type="module">` that imports them and
 * hydrates. The browser fetches all of that (about 130 KB gzipped) at once with the page's
 * stylesheets, fonts and first product photo, and runs the hydration before the first paint
 * when the scripts arrive early. On a phone on a slow connection the shopper waits for React to
 * see the page React already rendered.
 *
 * Here the module script is written inert (`type="mandi/module"`) and the preloads with a rel
 * the browser ignores; a small script after it turns both back once the page's first content is
 * painted and its main pictures (those it asks for with high priority) are ready to show; at
 * once in a hidden tab, which paints nothing. The document then holds exactly what
 * React Router rendered, so hydration matches it. Without JavaScript nothing changes: the page
 * is the same server-rendered HTML.
 *
 * The web app manifest waits with them: a browser fetches it, and the icons it names, as soon as
 * it reads the link, for nothing it shows (it is for installing the store on a phone), and those
 * requests share the connections the first paint needs. Without JavaScript there is no manifest:
 * a store cannot be installed without its service worker anyway. (The store font's stylesheet
 * waits too, but is rendered inert by the root itself: ADR 0016.)
 */

const MODULE_TYPE = Buffer.from(' type="module"');
const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const LINK_REL = Buffer.from('<link rel="');
/** The links that wait for the scripts, as the rel's text up to its closing quote. */
const WAITING_RELS = ['modulepreload"', 'manifest"'].map((rel) => Buffer.from(rel));
export const INERT_MODULE = "mandi/module";
const INERT_REL = Buffer.from(INERT_REL_PREFIX);

const WAKE = `(${paintThenHydrateSource})(${[
  INERT_REL_PREFIX,
  HYDRATING_EVENT,
  HYDRATED_EVENT,
  FONT_AFTER_PAINT,
  FONT_COOKIE,
]
  .map((text) => JSON.stringify(text))
  .join(",")})`;
/** The first script's tag, around the page's nonce. */
const WAKE_OPEN = Buffer.from('<script nonce="');
const WAKE_REST = Buffer.from(`">${WAKE}</script>`);

/**
 * The page's HTML with its module script and waiting links inert and the script that wakes them, or
 * null when the HTML holds no module script (nothing to defer: the caller sends it unchanged).
 * It works on the bytes: the markers are ASCII, and decoding and encoding a 60 KB page cost
 * eight times the rewrite itself.
 */
export function hydrateAfterPaint(html: Buffer, nonce: string): Buffer | null {
  // The page's one module script is near its end, after the markup: looked for from there. (No
  // text or JSON holds its attribute: React writes a text's quotes as references, JSON escapes
  // them.)
  const type = html.lastIndexOf(MODULE_TYPE);
  if (type < 0) return null;
  const start = html.lastIndexOf(SCRIPT_OPEN, type);
  const tagEnd = html.indexOf(">", type);
  const end = html.indexOf(SCRIPT_CLOSE, tagEnd);
  if (start < 0 || tagEnd < 0 || end < 0) return null;
  const close = end + SCRIPT_CLOSE.length;
  const parts: Buffer[] = [];
  // The waiting links, all before the script (in the head; React hoists the preloads there).
  let from = 0;
  for (let at = html.indexOf(LINK_REL); at >= 0 && at < start; at = html.indexOf(LINK_REL, at + LINK_REL.length)) {
    const rel = at + LINK_REL.length;
    if (!WAITING_RELS.some((waiting) => html.subarray(rel, rel + waiting.length).equals(waiting))) continue;
    parts.push(html.subarray(from, rel), INERT_REL);
    from = rel;
  }
  const opening = html
    .toString("latin1", start, tagEnd + 1)
    .replace(' type="module"', ` type="${INERT_MODULE}"`)
    .replace(' async=""', "");
  parts.push(
    html.subarray(from, start),
    Buffer.from(opening, "latin1"),
    html.subarray(tagEnd + 1, close),
    WAKE_OPEN,
    Buffer.from(nonce, "latin1"),
    WAKE_REST,
    html.subarray(close),
  );
  return Buffer.concat(parts);
}

/**
 * A stream that applies `hydrateAfterPaint` to the page's shell. React writes the shell in one
 * go, piece by piece; the pieces are gathered until that write is over (the next turn of the
 * event loop), rewritten together, and everything after them (deferred data) passes through.
 */
export function hydrateAfterPaintStream(nonce: string): Transform {
  let shell: Buffer[] | null = [];
  const release = (stream: Transform) => {
    if (!shell) return;
    const html = Buffer.concat(shell);
    shell = null;
    stream.push(hydrateAfterPaint(html, nonce) ?? html);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (!shell) return callback(null, chunk);
      if (shell.length === 0) setImmediate(() => release(this));
      shell.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      release(this);
      callback();
    },
  });
}
