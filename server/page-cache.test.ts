import { describe, expect, it } from "vitest";
import { cutSecrets, joinSecrets } from "../app/platform/page-secrets.server";
import { type CachedAnswer, changedProducts, KeepRequest, PageCache, pageCacheKey } from "./page-cache";

const NONCE = "D9RvALP2pb+DDXH4O1PC2w==";
const CSRF = "JSlb_PjFK4_2r6f-QDNZWvQb685o4oSQ";
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

function answer(bytes: number, expiresAt = Number.POSITIVE_INFINITY, shows?: string[]): CachedAnswer {
  return {
    status: 200,
    headers: {},
    pieces: [Buffer.alloc(bytes)],
    slots: [],
    bytes,
    expiresAt,
    ...(shows ? { shows: new Set(shows) } : {}),
  };
}

describe("a cached page's secrets", () => {
  const page = Buffer.from(
    `<script nonce="${NONCE}">a</script><input name="csrf" value="${CSRF}"><script nonce="${NONCE}">b</script>`,
  );

  it("are cut out wherever they stand and put back fresh", () => {
    const { pieces, slots } = cutSecrets(page, { nonce: NONCE, csrf: CSRF });
    expect(slots).toEqual(["nonce", "csrf", "nonce"]);
    expect(pieces.map(String)).toEqual([
      '<script nonce="',
      '">a</script><input name="csrf" value="',
      '"><script nonce="',
      '">b</script>',
    ]);
    const again = Buffer.concat(joinSecrets({ pieces, slots }, { nonce: "NEWNONCE", csrf: "NEWTOKEN" })).toString();
    expect(again).toBe(
      '<script nonce="NEWNONCE">a</script><input name="csrf" value="NEWTOKEN"><script nonce="NEWNONCE">b</script>',
    );
    expect(again).not.toContain(NONCE);
    expect(again).not.toContain(CSRF);
  });

  it("leave a body without them whole, and join back to the same bytes", () => {
    const json = Buffer.from('{"suggestions":[]}');
    const cut = cutSecrets(json, { nonce: NONCE, csrf: "" });
    expect(cut.slots).toEqual([]);
    expect(Buffer.concat(joinSecrets(cut, { nonce: "x", csrf: "y" })).equals(json)).toBe(true);
    expect(
      Buffer.concat(joinSecrets(cutSecrets(page, { nonce: NONCE, csrf: CSRF }), { nonce: NONCE, csrf: CSRF })).equals(
        page,
      ),
    ).toBe(true);
  });
});

describe("the key a page is cached under", () => {
  const url = new URL("http://shop.example.in/products?category=dairy&sort=priceAsc");

  it("is the address, the cookies other than the anti-forgery token, and whether a crawler asks", () => {
    const plain = pageCacheKey("GET", url, undefined, BROWSER);
    expect(plain).toBe("http://shop.example.in/products?category=dairy&sort=priceAsc\n\n");
    // The token is put back per response, so shoppers with different tokens share a page.
    expect(pageCacheKey("GET", url, `mandi_csrf=${CSRF}`, BROWSER)).toBe(plain);
    expect(pageCacheKey("GET", url, `__Host-mandi_csrf=${CSRF}`, BROWSER)).toBe(plain);
    // The font cookie changes the page's head; cookies count whatever their order.
    expect(pageCacheKey("GET", url, "mandi_font=a; b=2", BROWSER)).toBe(
      pageCacheKey("GET", url, "b=2;mandi_font=a", BROWSER),
    );
    expect(pageCacheKey("GET", url, "mandi_font=a", BROWSER)).not.toBe(plain);
    expect(pageCacheKey("GET", url, undefined, "Googlebot/2.1 (+http://www.google.com/bot.html)")).not.toBe(plain);
    expect(
      pageCacheKey("GET", new URL("https://shop.example.in/products?category=dairy&sort=priceAsc"), "", ""),
    ).not.toBe(plain);
  });

  it("is none for a signed-in customer or a request that is not a GET", () => {
    expect(pageCacheKey("GET", url, "mandi_session=abc; mandi_csrf=x", BROWSER)).toBeNull();
    expect(pageCacheKey("GET", url, "__Host-mandi_session=abc", BROWSER)).toBeNull();
    expect(pageCacheKey("POST", url, undefined, BROWSER)).toBeNull();
    expect(pageCacheKey("HEAD", url, undefined, BROWSER)).toBeNull();
  });
});

describe("what loaders ask of a request", () => {
  it("keeps for the shortest time asked, and not at all when a part was left out", () => {
    const keep = new KeepRequest();
    expect(keep.allowed).toBe(false);
    keep.keepFor(300);
    keep.keepFor(60);
    keep.keepFor(0);
    expect(keep.seconds).toBe(60);
    expect(keep.allowed).toBe(true);
    keep.dontKeep();
    expect(keep.allowed).toBe(false);
  });

  it("drops the process's cached pages when the request changed the catalogue", () => {
    const cache = new PageCache(1_000);
    cache.setHearing(true);
    cache.put("a", cache.ticket(), answer(10));
    new KeepRequest(cache).catalogueChanged();
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("the cached pages of a process", () => {
  it("keeps nothing until the catalogue's changes are heard, or with no memory for it", () => {
    const cache = new PageCache(1_000);
    expect(cache.active).toBe(false);
    expect(cache.put("a", cache.ticket(), answer(10))).toBe(false);
    cache.setHearing(true);
    expect(cache.put("a", cache.ticket(), answer(10))).toBe(true);
    expect(cache.get("a")?.bytes).toBe(10);
    const off = new PageCache(0);
    off.setHearing(true);
    expect(off.active).toBe(false);
  });

  it("drops everything on a change, and will not keep a page rendered across one", () => {
    const cache = new PageCache(1_000);
    cache.setHearing(true);
    cache.put("a", cache.ticket(), answer(10));
    const ticket = cache.ticket();
    cache.changed();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.put("b", ticket, answer(10))).toBe(false);
    expect(cache.put("b", cache.ticket(), answer(10))).toBe(true);
    // Deafness loses what was kept, and keeps nothing more until heard again.
    cache.setHearing(false);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.put("b", cache.ticket(), answer(10))).toBe(false);
    expect(cache.stats).toEqual({ hits: 0, misses: 2, kept: 2, dropped: 3 });
  });

  it("stays within its memory, letting the least recently used go first", () => {
    const cache = new PageCache(1_000);
    cache.setHearing(true);
    for (const key of ["a", "b", "c", "d"]) cache.put(key, cache.ticket(), answer(120));
    cache.get("a");
    for (const key of ["e", "f", "g", "h", "i"]) cache.put(key, cache.ticket(), answer(120));
    expect(cache.size.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("b")).toBeUndefined();
    // No single page takes more than an eighth of it.
    expect(cache.put("big", cache.ticket(), answer(126))).toBe(false);
    // Keeping a page again replaces it.
    cache.put("i", cache.ticket(), answer(10));
    expect(cache.get("i")?.bytes).toBe(10);
  });

  it("lets a page go when its time is up", () => {
    let now = 1_000;
    const cache = new PageCache(1_000, () => now);
    cache.setHearing(true);
    cache.put("a", cache.ticket(), answer(10, 61_000));
    now = 60_999;
    expect(cache.get("a")).toBeDefined();
    now = 61_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toEqual({ answers: 0, bytes: 0 });
  });

  it("drops, for a change of some products' stock, only the pages that show one of them or did not say", () => {
    const cache = new PageCache(10_000);
    cache.setHearing(true);
    cache.put("rice page", cache.ticket(), answer(10, undefined, ["rice"]));
    cache.put("dairy listing", cache.ticket(), answer(10, undefined, ["butter", "paneer"]));
    cache.put("no results", cache.ticket(), answer(10, undefined, []));
    cache.put("sitemap", cache.ticket(), answer(10));
    cache.changed(["paneer", "ghee"]);
    expect(cache.get("rice page")).toBeDefined();
    expect(cache.get("no results")).toBeDefined();
    expect(cache.get("dairy listing")).toBeUndefined();
    expect(cache.get("sitemap")).toBeUndefined();
    // A page rendered across that change is kept only when it shows none of them.
    const ticket = cache.ticket();
    cache.changed(["ghee"]);
    expect(cache.put("ghee page", ticket, answer(10, undefined, ["ghee"]))).toBe(false);
    expect(cache.put("unsaid", ticket, answer(10))).toBe(false);
    expect(cache.put("butter page", ticket, answer(10, undefined, ["butter"]))).toBe(true);
    // ...and not at all across a change of anything.
    const before = cache.ticket();
    cache.changed();
    expect(cache.put("butter page", before, answer(10, undefined, ["butter"]))).toBe(false);
    expect(cache.size.answers).toBe(0);
  });

  it("does not keep a page rendered across more changes than it remembers", () => {
    const cache = new PageCache(10_000);
    cache.setHearing(true);
    const ticket = cache.ticket();
    for (let i = 0; i < 300; i += 1) cache.changed([`p${i}`]);
    expect(cache.put("rice page", ticket, answer(10, undefined, ["rice"]))).toBe(false);
    expect(cache.put("rice page", cache.ticket() - 1, answer(10, undefined, ["rice"]))).toBe(true);
  });
});

describe("which answers are worth keeping", () => {
  it("an address's from its second ask on, and still after a change drops them", () => {
    const cache = new PageCache(10_000);
    cache.setHearing(true);
    expect(cache.admits("/products?q=rice")).toBe(false);
    expect(cache.admits("/products?q=dal")).toBe(false);
    expect(cache.admits("/products?q=rice")).toBe(true);
    cache.changed();
    expect(cache.admits("/products?q=rice")).toBe(true);
    expect(cache.admits("/products?q=dal")).toBe(true);
    expect(cache.report().asked).toBe(2);
  });

  it("forgets the oldest addresses beyond those it remembers, which then wait for a second ask again", () => {
    const cache = new PageCache(10_000, Date.now, 3);
    for (const key of ["a", "b", "c", "d"]) expect(cache.admits(key)).toBe(false);
    expect(cache.report().asked).toBe(3);
    expect(cache.admits("b")).toBe(true);
    expect(cache.admits("a")).toBe(false);
    expect(cache.admits("a")).toBe(true);
  });
});

describe("a notification's payload", () => {
  it("names products whose stock alone changed, or anything", () => {
    expect(changedProducts("products:a,b")).toEqual(["a", "b"]);
    expect(changedProducts("")).toBeNull();
    expect(changedProducts("products:")).toBeNull();
    expect(changedProducts("something else")).toBeNull();
  });
});
