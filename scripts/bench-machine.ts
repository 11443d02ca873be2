import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * How fast this machine is at what a rendered page costs, measured with work that does not
 * change with Mandi's code: React rendering a fixed page of 24 product cards and 200 links
 * (about 750 elements, 40 KB, close to a listing), and brotli at quality 3 (the effort of a busy
 * process, ADR 0019) on the products page as the server sent it. Machines of the same kind
 * differ by up to two times from one day to the next (shared cores), so the bench's figures are
 * only comparable beside these.
 *
 * Measured in a process of its own (React's production build, as the server runs it):
 * `measureMachine(page)` runs this file with the page.
 */
export interface MachineSpeed {
  /** Milliseconds for one renderToString of the fixed page. */
  reactRenderMs: number;
  /** Milliseconds to compress the products page at brotli quality 3. */
  brotliMs: number;
  pageKb: number;
}

function card(i: number): ReactElement {
  const name = `Basmati Rice Hotel Special ${i} 25 kg`;
  const photo = `/media/demo/p/basmati-${i % 7}.svg`;
  return h(
    "article",
    { key: i, className: "product-card" },
    h(
      "a",
      { href: `/products/basmati-rice-hotel-special-${i}`, className: "product-card__link" },
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
    h("li", { key: i }, h("a", { href: `/products?page=${i}` }, `Link ${i}`)),
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
  const file = process.argv[2];
  if (!file || process.env.NODE_ENV !== "production") {
    process.stderr.write("usage: NODE_ENV=production node --import tsx scripts/bench-machine.ts <page.html>\n");
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(measureHere(readFileSync(file)))}\n`);
}
