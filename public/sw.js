/*
 * Mandi's service worker: the store keeps working for browsing when the connection drops.
 *
 * - Built assets (/assets/*, content-hashed): cache first.
 * - Product images (/media/*) and catalogue API answers (/api/products, search suggestions,
 *   pincodes): stale while revalidate.
 * - Pages and their data requests (*.data): network first, the last copy when offline. A
 *   response marked no-store (checkout, account, order pages) is never kept. A page kept brings
 *   its scripts and styles into the cache too, so that it runs offline even when the shopper
 *   left it before they had loaded.
 * - Orders, payments, sign-in and every other request that changes something: network only, so
 *   nothing is ever queued to be sent later.
 */
const VERSION = "v1";
const CACHES = {
  assets: `mandi-assets-${VERSION}`,
  pages: `mandi-pages-${VERSION}`,
  data: `mandi-data-${VERSION}`,
  images: `mandi-images-${VERSION}`,
};
const OFFLINE_PAGE = "/offline.html";
const LIMITS = { pages: 60, data: 200, images: 400 };
const NETWORK_WAIT_MS = 4000;
/** Answers vary by encoding and cookies only in ways a saved copy may ignore. */
const MATCH = { ignoreVary: true };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHES.pages)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = new Set(Object.values(CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("mandi-") && !current.has(n)).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page that registered us names itself and the files it loaded before we were in control. */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "cache-urls" || !Array.isArray(data.urls)) return;
  const sameOrigin = (url) =>
    typeof url === "string" && new URL(url, self.location.href).origin === self.location.origin;
  const jobs = data.urls
    .filter(sameOrigin)
    .slice(0, 100)
    .map((url) => {
      const request = new Request(url, { credentials: "same-origin" });
      const kind = kindOf(new URL(request.url), request);
      if (kind === "network" || kind === "page") return undefined;
      return fetch(request)
        .then((response) => keep(cacheFor(kind), request, response))
        .catch(() => undefined);
    });
  if (sameOrigin(data.page)) {
    const page = new Request(data.page, { credentials: "same-origin", headers: { Accept: "text/html" } });
    jobs.push(
      fetch(page)
        .then((response) => keep(CACHES.pages, page, response))
        .catch(() => undefined),
    );
  }
  event.waitUntil(Promise.all(jobs));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const kind = kindOf(url, request);
  if (kind === "network") return;
  if (kind === "asset") event.respondWith(cacheFirst(request));
  else if (kind === "image" || kind === "catalogue")
    event.respondWith(staleWhileRevalidate(request, cacheFor(kind), event));
  else event.respondWith(networkFirst(request, kind === "page" ? CACHES.pages : CACHES.data, kind === "page", event));
});

function kindOf(url, request) {
  const path = url.pathname;
  if (path.startsWith("/assets/")) return "asset";
  if (path.startsWith("/media/")) return "image";
  if (/^\/api\/(products|search\/suggestions|pincodes)(\/|$)/.test(path)) return "catalogue";
  if (path.startsWith("/api/") || path.startsWith("/sandbox/") || path === "/sw.js" || path === "/healthz")
    return "network";
  if (path.endsWith(".data")) return "data";
  if (request.mode === "navigate" || (request.headers.get("accept") || "").includes("text/html")) return "page";
  return "network";
}

function cacheFor(kind) {
  return kind === "asset" ? CACHES.assets : kind === "image" ? CACHES.images : CACHES.data;
}

/** Keeps a good answer unless it says it must not be stored; trims the cache to its limit. */
async function keep(cacheName, request, response) {
  if (!response?.ok || response.type === "opaque") return response;
  if (/no-store/i.test(response.headers.get("cache-control") || "")) return response;
  const cache = await caches.open(cacheName);
  await cache.put(request, response.clone());
  const limit =
    cacheName === CACHES.pages
      ? LIMITS.pages
      : cacheName === CACHES.images
        ? LIMITS.images
        : cacheName === CACHES.data
          ? LIMITS.data
          : 0;
  if (limit > 0) {
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - limit))) {
      if (!old.url.endsWith(OFFLINE_PAGE)) await cache.delete(old);
    }
  }
  return response;
}

async function cacheFirst(request) {
  const cached = await caches.match(request, MATCH);
  if (cached) return cached;
  const response = await fetch(request);
  return keep(CACHES.assets, request, response);
}

async function staleWhileRevalidate(request, cacheName, event) {
  const cached = await caches.match(request, MATCH);
  const fresh = fetch(request)
    .then((response) => keep(cacheName, request, response))
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(fresh);
    return cached;
  }
  const response = await fresh;
  return response || offlineAnswer();
}

/** The built files a page names (its scripts, preloads and stylesheets), into the assets cache. */
async function keepAssetsOf(page) {
  const html = await page.text();
  const urls = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)].map((m) => m[1]));
  const cache = await caches.open(CACHES.assets);
  await Promise.all(
    [...urls].map(async (url) => {
      if (await cache.match(url, MATCH)) return;
      const request = new Request(url, { credentials: "same-origin" });
      const response = await fetch(request).catch(() => undefined);
      if (response) await keep(CACHES.assets, request, response);
    }),
  );
}

async function networkFirst(request, cacheName, isPage, event) {
  const network = fetch(request).then(async (response) => {
    const kept = await keep(cacheName, request, response);
    const saved = kept.ok && !/no-store/i.test(kept.headers.get("cache-control") || "");
    if (isPage && saved && (kept.headers.get("content-type") || "").includes("text/html")) {
      const job = keepAssetsOf(kept.clone()).catch(() => undefined);
      // Refused once the answer went out from the saved copy: then the job runs while it may.
      try {
        event.waitUntil(job);
      } catch {}
    }
    return kept;
  });
  network.catch(() => undefined);
  try {
    // A connection that hangs counts as offline once a saved copy exists.
    const saved = await caches.match(request, MATCH);
    const response = saved
      ? await Promise.race([
          network,
          new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), NETWORK_WAIT_MS)),
        ])
      : await network;
    return response;
  } catch {
    const cached = await caches.match(request, MATCH);
    if (cached) return cached;
    if (isPage) return (await caches.match(OFFLINE_PAGE, MATCH)) || offlineAnswer();
    return offlineAnswer();
  }
}

/** What a request gets offline when nothing was saved for it: a plain, uncached refusal. */
function offlineAnswer() {
  return new Response(JSON.stringify({ error: "You're offline. Showing cached data." }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
