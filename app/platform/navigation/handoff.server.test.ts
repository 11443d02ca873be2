import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { deferredValuesOf, omitHandoff, standalonePageOf } from "./handoff.server";
import { standaloneHandle } from "./standalone";

const ENTRIES = { home: { module: "/h.js", imports: [] }, products: { module: "/p.js", imports: [] } };

/** What React Router hands the document render, as far as the decision reads it. */
function context({
  leafHandle,
  leafData = { page: {} },
  errors = null,
}: {
  leafHandle?: unknown;
  leafData?: unknown;
  errors?: Record<string, unknown> | null;
}): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/products" } }],
      loaderData: { root: { store: {} }, "routes/products": leafData },
      errors,
    },
    routeModules: { root: { handle: undefined }, "routes/products": { handle: leafHandle } },
    serverHandoffStream: new ReadableStream(),
  } as unknown as EntryContext;
}

describe("the document render's standalone decision", () => {
  it("names the page when its last route is standalone, its loader answered and the build has its entry", () => {
    expect(standalonePageOf(context({ leafHandle: standaloneHandle("products") }), ENTRIES)).toBe("products");
  });

  it("leaves a standalone page whose entry the build lacks to React Router (development)", () => {
    expect(standalonePageOf(context({ leafHandle: standaloneHandle("product") }), ENTRIES)).toBeNull();
    expect(standalonePageOf(context({ leafHandle: standaloneHandle("products") }), null)).toBeNull();
  });

  it("leaves every other page to React Router", () => {
    expect(standalonePageOf(context({ leafHandle: undefined }), ENTRIES)).toBeNull();
    expect(standalonePageOf(context({ leafHandle: { breadcrumb: "Cart" } }), ENTRIES)).toBeNull();
    expect(standalonePageOf(context({ leafHandle: standaloneHandle("products"), leafData: null }), ENTRIES)).toBeNull();
    const failed = context({ leafHandle: standaloneHandle("home"), errors: { "routes/products": new Error("x") } });
    expect(standalonePageOf(failed, ENTRIES)).toBeNull();
  });

  it("drops React Router's data for its browser runtime", () => {
    const entry = context({ leafHandle: standaloneHandle("products") });
    omitHandoff(entry);
    expect("serverHandoffStream" in entry).toBe(false);
  });

  it("finds the page's deferred values: the promises among its last route's data", () => {
    const related = Promise.resolve([]);
    const page = context({ leafHandle: standaloneHandle("product"), leafData: { product: { id: "p1" }, related } });
    expect(deferredValuesOf(page)).toEqual([related]);
    expect(deferredValuesOf(context({ leafHandle: standaloneHandle("products") }))).toEqual([]);
    expect(deferredValuesOf(context({ leafHandle: standaloneHandle("products"), leafData: null }))).toEqual([]);
  });
});
