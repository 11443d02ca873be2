import { PassThrough } from "node:stream";
import { type ReactNode, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Await } from "./navigation/await";
import { renderWholePage, settleWithin } from "./whole-page.server";

/** What the streaming renderer sends for a page once all of it is ready (the path pages took before). */
function streamed(page: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    out.on("end", () => resolve(Buffer.concat(chunks).toString()));
    const { pipe } = renderToPipeableStream(page, {
      onAllReady: () => pipe(out),
      onShellError: reject,
    });
  });
}

const whole = (page: ReactNode) => renderWholePage(page)?.toString() ?? null;

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <title>Basmati Rice</title>
      </head>
      <body>
        {/* React hoists a preload into the head, as the page's scripts' preloads. */}
        <link rel="modulepreload" href="/assets/product.js" />
        {children}
      </body>
    </html>
  );
}

function Cards({ cards }: { cards: Promise<string[]> }) {
  return (
    <section>
      <h2>Related products</h2>
      <Suspense fallback={<p>Loading</p>}>
        <Await resolve={cards} errorElement={<p>No related products available</p>}>
          {(names: string[]) => (
            <ul>
              {names.map((name) => (
                <li key={name}>
                  {name} at ₹{120}
                </li>
              ))}
            </ul>
          )}
        </Await>
      </Suspense>
    </section>
  );
}

function Broken(): ReactNode {
  throw new Error("the price went missing");
}

function Waits(): ReactNode {
  return use(new Promise<string>(() => {}));
}

const later = <T,>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));

describe("a page rendered whole", () => {
  it("is byte for byte what the streaming renderer sends once everything is ready, doctype included", async () => {
    const page = (cards: Promise<string[]>) => (
      <Document>
        <main>
          Tata Salt {1} kg
          <Cards cards={cards} />
        </main>
      </Document>
    );
    const cards = later(["Aashirvaad Atta", "Fortune Oil"]);
    expect(await settleWithin([cards], 1000)).toBe(true);
    const html = whole(page(cards));
    expect(html).toBe(await streamed(page(later(["Aashirvaad Atta", "Fortune Oil"]))));
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-IN"><head>/);
    expect(html).toContain('<link rel="modulepreload" href="/assets/product.js"/>');
    expect(html).toContain("<!--$--><ul><li>Aashirvaad Atta<!-- --> at ₹<!-- -->120</li>");
  });

  it("is not made while a part still waits: the caller streams that page", () => {
    expect(whole(<Cards cards={new Promise<string[]>(() => {})} />)).toBeNull();
  });

  it("is not made when a part failed, inside a Suspense boundary or outside one: the streaming render reports it", () => {
    expect(
      whole(
        <Suspense fallback={<p>Loading</p>}>
          <Broken />
        </Suspense>,
      ),
    ).toBeNull();
    expect(whole(<Broken />)).toBeNull();
  });

  it("is not made when a part outside any Suspense boundary waits", () => {
    expect(whole(<Waits />)).toBeNull();
  });

  it("shows a deferred part that failed as the page says, once the failure is known", async () => {
    const failed = Promise.reject(new Error("database went away"));
    expect(await settleWithin([failed], 1000)).toBe(true);
    // React's server renderer leaves a failed part to the browser, which shows `errorElement`:
    // that page is the streaming renderer's to send.
    expect(whole(<Cards cards={failed} />)).toBeNull();
  });

  it("leaves a fragment that is not a document without a doctype", () => {
    expect(whole(<p>Ghee</p>)).toBe("<p>Ghee</p>");
  });
});

describe("waiting for a page's deferred values", () => {
  it("is over at once when there are none", async () => {
    expect(await settleWithin([], 0)).toBe(true);
  });

  it("marks each value with its outcome, as React's use reads it", async () => {
    const ok = later("paneer", 1) as Promise<string> & { status?: string; value?: string };
    const failed = Promise.reject(new Error("gone")) as Promise<never> & { status?: string; reason?: unknown };
    expect(await settleWithin([ok, failed], 1000)).toBe(true);
    expect(ok.status).toBe("fulfilled");
    expect(ok.value).toBe("paneer");
    expect(failed.status).toBe("rejected");
    expect(failed.reason).toEqual(new Error("gone"));
  });

  it("gives up after the time it was given, without waiting for the slow value", async () => {
    const slow = later("jeera", 500) as Promise<string> & { status?: string };
    const started = performance.now();
    expect(await settleWithin([Promise.resolve(1), slow], 20)).toBe(false);
    expect(performance.now() - started).toBeLessThan(400);
    expect(slow.status).toBeUndefined();
  });
});
