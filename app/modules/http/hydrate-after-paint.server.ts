import { Transform } from "node:stream";

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
 */

const MODULE_SCRIPT = /<script(\s[^>]*)?\stype="module"(\s[^>]*)?>/;
const MODULE_PRELOAD = /<link rel="modulepreload"/g;
export const INERT_MODULE = "mandi/module";
export const INERT_PRELOAD = "mandi-modulepreload";

/**
 * Run by the browser right after the inert module script: wakes it and the preloads. It clones
 * the inert script, whose text it does not need to carry.
 */
const WAKE = [
  "(()=>{",
  "const me=document.currentScript,inert=me.previousElementSibling;me.remove();",
  "let woken=false;",
  "const wake=()=>{if(woken)return;woken=true;",
  `for(const link of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]'))link.rel="modulepreload";`,
  'const script=document.createElement("script");script.type="module";script.nonce=inert.nonce;',
  "script.textContent=inert.textContent;inert.replaceWith(script)};",
  // A hidden tab paints nothing: wake at once, or as soon as it is hidden.
  'if(document.visibilityState==="hidden")return wake();',
  'document.addEventListener("visibilitychange",wake,{once:true});',
  // The first contentful paint (where the browser reports paints; else the first frame)...
  "const painted=new Promise((done)=>{",
  'if(!PerformanceObserver.supportedEntryTypes?.includes("paint"))return requestAnimationFrame(()=>setTimeout(done));',
  'new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length)done()}).observe({type:"paint",buffered:true})});',
  // ...and the page's main pictures, the ones it asks for first, ready to show; then a frame to show them.
  "const pictures=[...document.querySelectorAll('img[fetchpriority=\"high\"]')].map((img)=>img.decode().catch(()=>{}));",
  "Promise.all([painted,...pictures]).then(()=>requestAnimationFrame(()=>setTimeout(wake)));",
  "})()",
].join("");

/**
 * The page's HTML with its module script and preloads inert and the script that wakes them, or
 * null when the HTML holds no module script (nothing to defer: the caller sends it unchanged).
 */
export function hydrateAfterPaint(html: string, nonce: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const end = html.indexOf("</script>", script.index);
  if (end < 0) return null;
  const close = end + "</script>".length;
  const opening = script[0].replace(/\stype="module"/, ` type="${INERT_MODULE}"`).replace(/\sasync=""/, "");
  const head = html.slice(0, script.index).replace(MODULE_PRELOAD, `<link rel="${INERT_PRELOAD}"`);
  return `${head}${opening}${html.slice(script.index + script[0].length, close)}<script nonce="${nonce}">${WAKE}</script>${html.slice(close)}`;
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
    const html = Buffer.concat(shell).toString("utf8");
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
