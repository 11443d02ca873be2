import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { QUICK } from "../server/compression";

/**
 * How fast this machine is at what a rendered page costs, measured with work that does not
 * change with Mandi's code: React rendering a fixed page of 24 product cards and 200 links
 * (about 750 elements, 45 KB, close to a listing), and brotli at quality 3 (a fixed yardstick:
 * the busy server's effort was 3 until ADR 0019's amendment) on the products page as the server
 * sent it. Machines of the same kind differ by up to three times from one day to the next
 * (shared cores), so the bench's figures are only comparable beside these.
 *
 * Measured in a process of its own (React's production build, as the server runs it):
 * `measureMachine(page)` runs this file with the page. `serve <port>` answers every request
 * with that page rendered afresh, its data as JSON, compressed as a busy server does (`QUICK`):
 * the least a server-rendered page can cost on this machine, with no router, database or store
 * code (the bench's "floor" row).
 */
export interface MachineSpeed {
  /** Milliseconds for one renderToString of the fixed page. */
  reactRenderMs: number;
  /** Milliseconds to compress the products page at brotli quality 3. */
  brotliMs: number;
  pageKb: number;
}

/** Words made of syllables drawn with a fixed seed: text that compresses as a catalogue's does, not as one word repeated. */
const SYLLABLES = [
  "ba",
  "sma",
  "ti",
  "ri",
  "ce",
  "pa",
  "neer",
  "at",
  "ta",
  "da",
  "al",
  "mo",
  "gra",
  "ghee",
  "jee",
  "ra",
  "hal",
  "di",
  "ka",
  "ju",
];
let seed = 7;
function word(): string {
  let w = "";
  for (let n = 2 + ((seed >>> 16) % 3); n > 0; n--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    w += SYLLABLES[(seed >>> 16) % SYLLABLES.length];
  }
  return w;
}
const NAMES = Array.from({ length: 24 }, (_, i) => `${word()} ${word()} ${word()} Hotel Special ${i} 25 kg`);
const LINKS = Array.from({ length: 200 }, () => `${word()} ${word()}`);

function card(i: number): ReactElement {
  const name = NAMES[i] ?? "";
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const photo = `/media/demo/p/${slug.slice(0, 12)}.svg`;
  return h(
    "article",
    { key: i, className: "product-card" },
    h(
      "a",
      { href: `/products/${slug}`, className: "product-card__link" },
      h(
        "div",
        { className: "product-card__media" },
        h("span", { className: "badge badge--discount" }, 10 + (i % 30), "% OFF"),
        h("img", {
          src: `${photo}?w=480`,
          srcSet: [320, 480, 640].map((w) => `${photo}?w=${w} ${w}w`).join(", "),
          sizes: "(min-width: 1100px) 220px, (min-width: 720px) 30vw, 46vw",
          alt: `${name}, front of pack`,
          width: 400,
          height: 400,
          loading: "lazy",
        }),
      ),
      h("h2", { className: "product-card__name" }, h("span", { className: "veg-dot", role: "img" }), name),
    ),
    h(
      "ul",
      { className: "tiers", "aria-label": "Quantity prices" },
      [10, 25].map((q) => h("li", { key: q }, q, "+ at ", `₹${2000 - q}`)),
    ),
    h(
      "div",
      { className: "product-card__foot" },
      h("p", { className: "price" }, h("span", null, `₹${2055 + i}`), h("s", null, `₹${2350 + i}`)),
      h("button", { type: "button", className: "add-button", "aria-label": `Add ${name} to cart` }, "ADD"),
    ),
  );
}

function page(): ReactElement {
  const links = Array.from({ length: 200 }, (_, i) =>
    h("li", { key: i }, h("a", { href: `/products?q=${encodeURIComponent(LINKS[i] ?? "")}` }, LINKS[i])),
  );
  return h(
    "html",
    null,
    h(
      "body",
      null,
      h(
        "main",
        null,
        Array.from({ length: 24 }, (_, i) => card(i)),
        h("ul", null, links),
      ),
    ),
  );
}

/** Product-like data of the fixed page, written as JSON as a page writes its data for its script. */
const PAGE_DATA = NAMES.map((name, i) => ({
  id: `${word()}-${word()}-4000-8000-${String(i).padStart(12, "0")}`,
  slug: name.toLowerCase().replaceAll(" ", "-"),
  name,
  photo: `/media/demo/p/${word()}.svg`,
  photoAlt: `${name}, front of pack`,
  mrp: 235000 + i,
  price: 205500 + i,
  percentOff: 13,
  tiers: [
    { minQty: 10, unitPrice: 199000 },
    { minQty: 25, unitPrice: 197500 },
  ],
  stock: { kind: "unknown" },
  maxQty: 9999,
  sku: `DAA-${String(86400 + i)}`,
}));

/** The fixed page as a server would send it: rendered, with its data, compressed for a busy process. */
function floorAnswer(): Buffer {
  const html = `<!DOCTYPE html>${renderToString(page())}<script type="application/json">${JSON.stringify(PAGE_DATA).replace(/</g, "\\u003c")}</script>`;
  return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: QUICK.brotli } });
}

/** The median of `runs` timings of `work`, after as many unmeasured runs to warm it up. */
function median(work: () => unknown, runs: number): number {
  for (let i = 0; i < runs; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[times.length >> 1] ?? 0) * 1000) / 1000;
}

function measureHere(productsPage: Buffer): MachineSpeed {
  return {
    reactRenderMs: median(() => renderToString(page()), 400),
    brotliMs: median(() => brotliCompressSync(productsPage, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }), 400),
    pageKb: Math.round(productsPage.byteLength / 102.4) / 10,
  };
}

/** This machine's speed, measured in a child process with the products page as the server sent it. */
export function measureMachine(productsPage: Buffer): MachineSpeed {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-machine-"));
  try {
    const file = path.join(dir, "products.html");
    writeFileSync(file, productsPage);
    const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), file], {
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    });
    return JSON.parse(out) as MachineSpeed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if (!first || process.env.NODE_ENV !== "production") {
    process.stderr.write(
      "usage: NODE_ENV=production node --import tsx scripts/bench-machine.ts <page.html> | serve <port>\n",
    );
    process.exit(2);
  }
  if (first === "serve") {
    createServer((_request, response) => {
      const body = floorAnswer();
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-encoding": "br",
        "content-length": body.byteLength,
      });
      response.end(body);
    }).listen(Number(second), "127.0.0.1");
  } else {
    process.stdout.write(`${JSON.stringify(measureHere(readFileSync(first)))}\n`);
  }
}
