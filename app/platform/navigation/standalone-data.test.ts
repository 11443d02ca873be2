import { describe, expect, it } from "vitest";
import { DEFERRED_ATTRIBUTE, STANDALONE_DATA_ID, scriptJson } from "./standalone";
import { readStandaloneData } from "./standalone-data";

/** The few parts of a document the reader uses, with the page's script elements as texts. */
function fakeDocument(page: unknown, deferred: Record<string, unknown>, readyState: DocumentReadyState) {
  const listeners: (() => void)[] = [];
  const doc = {
    readyState,
    getElementById: (id: string) => (id === STANDALONE_DATA_ID ? { textContent: scriptJson(page) } : null),
    querySelector: (selector: string) => {
      const name = new RegExp(`^script\\[${DEFERRED_ATTRIBUTE}="(.+)"\\]$`).exec(selector)?.[1];
      return name && name in deferred ? { textContent: scriptJson(deferred[name]) } : null;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const loaded = (more: Record<string, unknown>) => {
    Object.assign(deferred, more);
    doc.readyState = "interactive";
    for (const listener of listeners) listener();
  };
  return { doc: doc as unknown as Document, loaded };
}

const PAGE = { page: "product", root: { csrf: "t" }, route: { product: { id: "p1" } }, deferred: ["related"] };

describe("a standalone page's data in the browser", () => {
  it("reads the route's values, and a deferred value already written at once", () => {
    const { doc } = fakeDocument(PAGE, { related: { ok: true, value: [{ id: "p2" }] } }, "complete");
    const data = readStandaloneData(doc);
    expect(data.page).toBe("product");
    expect(data.root).toEqual({ csrf: "t" });
    expect(data.values.product).toEqual({ id: "p1" });
    // React's `use` reads a settled promise's value without waiting a turn.
    expect(data.values.related).toMatchObject({ status: "fulfilled", value: [{ id: "p2" }] });
  });

  it("fails a deferred value that failed on the server, or never came once the page is whole", async () => {
    for (const deferred of [{ related: { ok: false } }, {}]) {
      const { doc } = fakeDocument(PAGE, deferred, "complete");
      const related = readStandaloneData(doc).values.related as Promise<unknown>;
      expect(related).toMatchObject({ status: "rejected" });
      await expect(related).rejects.toThrow("The page's related did not arrive");
    }
  });

  it("waits for a deferred value still streaming until the document is whole", async () => {
    const { doc, loaded } = fakeDocument(PAGE, {}, "loading");
    const related = readStandaloneData(doc).values.related as Promise<unknown>;
    loaded({ related: { ok: true, value: [] } });
    await expect(related).resolves.toEqual([]);
  });

  it("says so when the page has no data", () => {
    const doc = { getElementById: () => null } as unknown as Document;
    expect(() => readStandaloneData(doc)).toThrow("The page has no #mandi-page-data");
  });
});

describe("the page's JSON", () => {
  it("cannot end its script element or open a comment", () => {
    const text = scriptJson({ name: "</script><script>alert(1)</script>", note: "<!--" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>", note: "<!--" });
  });
});
