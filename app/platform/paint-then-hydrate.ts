/**
 * The page's own first script (see hydrate-after-paint.server.ts, ADR 0015). Its text goes into
 * every page, minified at build time (`?inline-script`, scripts/vite-inline-script.ts): this
 * module holds nothing else, and the function uses nothing from outside it but its arguments.
 *
 * The browser runs it right after the inert module script. It wakes the scripts:
 * - once the first content is painted (where the browser does not report paints, after the
 *   first frame) and the page's main pictures, those it asks for first, are ready to show;
 * - at once in a hidden tab, which paints nothing, or when the page is hidden;
 * - at once when the shopper touches, clicks or types, who wants the page to answer.
 * With the scripts it loads the store font's files for the pages after this one (ADR 0016, 0034).
 * Nothing the shopper does meanwhile is lost: a click on a button that needs the scripts is
 * repeated once React has the page, and what was typed into a field is handed to React as if
 * typed then (React would otherwise put back the empty value it rendered).
 */
export function paintThenHydrate(
  inertRelPrefix: string,
  hydrating: string,
  hydrated: string,
  fontAfterPaint: string,
  fontCookie: string,
): void {
  const me = document.currentScript as HTMLScriptElement;
  const inert = me.previousElementSibling as HTMLScriptElement;
  me.remove();
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    // The module preloads, the web app manifest and the store font's stylesheet, as new
    // elements: Chrome reads a manifest link when it is inserted, not when its rel changes.
    for (const link of document.querySelectorAll<HTMLLinkElement>(`link[rel^="${inertRelPrefix}"]`)) {
      const real = link.cloneNode() as HTMLLinkElement;
      real.rel = link.rel.slice(inertRelPrefix.length);
      real.nonce = link.nonce;
      if (link.hasAttribute(fontAfterPaint)) {
        // Read, not applied (see loadFont).
        real.media = "print";
        real.onload = real.onerror = () => loadFont(real);
      }
      link.replaceWith(real);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  };

  // The store font on a first visit (ADR 0034): its Latin faces (those that start at U+0; two
  // files for Inter's 400 and 700) are made from its stylesheet's rules and loaded, not used:
  // laying the page out again in them would hold the phone's main thread for as long as its
  // first layout took. Once they are in the browser's cache, the next page links the font at once.
  // A stylesheet that cannot be read is applied as it is.
  const loadFont = (link: HTMLLinkElement) => {
    const faces: Promise<FontFace>[] = [];
    try {
      for (const rule of link.sheet?.cssRules ?? []) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const style = rule.style;
        if (!/^U\+0+-/i.test(style.getPropertyValue("unicode-range"))) continue;
        const read = (name: string) => style.getPropertyValue(`font-${name}`);
        const face = new FontFace(read("family").replace(/["']/g, ""), style.getPropertyValue("src"), {
          style: read("style"),
          weight: read("weight"),
        });
        faces.push(face.load());
      }
    } catch {}
    if (faces.length === 0) {
      link.media = "all";
      return;
    }
    Promise.all(faces).then(
      () => {
        const secure = location.protocol === "https:" ? "; secure" : "";
        const href = encodeURIComponent(link.getAttribute("href") ?? "");
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and Firefox; the value is encoded above
        document.cookie = `${fontCookie}=${href}; path=/; max-age=31536000; samesite=lax${secure}`;
      },
      () => {},
    );
  };

  const clicked: HTMLElement[] = [];
  const keepClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('button[type="button"]');
    if (button) clicked.push(button);
  };
  document.addEventListener("click", keepClick, true);
  document.addEventListener(hydrating, () => document.removeEventListener("click", keepClick, true), { once: true });
  document.addEventListener(
    hydrated,
    () => {
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
        if (field.value === field.defaultValue || /^(hidden|checkbox|radio|file)$/.test(field.type)) continue;
        const typed = field.value;
        // React notices a change by comparing with the value it last set.
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      for (const button of clicked) if (button.isConnected) button.click();
    },
    { once: true },
  );
  for (const type of ["pointerdown", "keydown", "click"]) {
    document.addEventListener(type, wake, { once: true, capture: true });
  }

  if (document.visibilityState === "hidden") {
    wake();
    return;
  }
  document.addEventListener("visibilitychange", wake, { once: true });
  const painted = new Promise<void>((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(done));
      return;
    }
    new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) done();
    }).observe({ type: "paint", buffered: true });
  });
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) =>
    img.decode().catch(() => undefined),
  );
  Promise.all([painted, ...pictures]).then(() => requestAnimationFrame(() => setTimeout(wake)));
}
