import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { settleWithin } from "../whole-page.server";
import { standaloneScripts } from "./standalone-scripts";

const ENTRY = { module: "/assets/product.client-abc.js", imports: ["/assets/react-def.js"] };

describe("a standalone page's scripts", () => {
  it("are written for a page the build has an entry for, in React Router's shape", () => {
    const scripts = standaloneScripts({ product: ENTRY }, "n0nce")("product", { csrf: "t" }, { product: { id: "p1" } });
    const html = renderToStaticMarkup(scripts);
    expect(html).toContain('<script type="application/json" id="mandi-page-data">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react-def.js" nonce="n0nce"/>');
    expect(html).toContain(
      '<script type="module" async="" nonce="n0nce">import "/assets/product.client-abc.js";</script>',
    );
  });

  it("are not written for a page without an entry, nor without a build's record: it runs with React Router", () => {
    expect(standaloneScripts({ product: ENTRY }, "n")("home", {}, {})).toBeNull();
    expect(standaloneScripts(null, "n")("product", {}, {})).toBeNull();
  });

  it("write a deferred value that has come in place, so the page can be rendered whole (ADR 0025)", async () => {
    const related = Promise.resolve([{ id: "p2" }]);
    const failed = Promise.reject(new Error("gone"));
    await settleWithin([related, failed], 1000);
    const scripts = standaloneScripts({ product: ENTRY }, "n")(
      "product",
      {},
      { product: { id: "p1" }, related, failed },
    );
    const html = renderToString(scripts);
    expect(html).toContain('"deferred":["related","failed"]');
    expect(html).toContain(
      '<script type="application/json" data-mandi-deferred="related">{"ok":true,"value":[{"id":"p2"}]}</script>',
    );
    expect(html).toContain('<script type="application/json" data-mandi-deferred="failed">{"ok":false}</script>');
    expect(html).not.toContain("<!--$!-->");
  });
});
