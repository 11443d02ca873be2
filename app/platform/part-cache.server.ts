import { type CachedPartRequest, PART_SLOT_CLOSE, PART_SLOT_OPEN, type PartSlots } from "./cached-part";
import { type CutBody, cutSecrets, joinSecrets, type Secrets, secretsCanBeCut } from "./page-secrets.server";

/**
 * Parts of pages' HTML, cached by what they show (ADR 0028, ADR 0030).
 *
 * A product card is most of a listing's markup (24 cards: 387 of its 651 elements), and the
 * same product shows on many pages: its category's listing in every order, searches, its brand,
 * home, its neighbours' product pages. The header, the footer and a listing's category chips
 * are on every page, the same for every shopper who is not signed in. A part's HTML depends on
 * nothing but what its key writes out (`CachedPart`), so it is cached under that key: a product
 * whose price, stock, name or photo changed, or a store whose settings changed, has another key,
 * and its old part is never sent again (it leaves when it is the least recently used). Nothing
 * needs dropping when the catalogue changes, unlike cached pages (ADR 0018).
 */
export class PartCache {
  /** Oldest first; `used` when asked for since the eviction last passed it. */
  private readonly parts = new Map<string, { html: CachedHtml; used: boolean }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  /** `maxBytes` of parts (their UTF-8) and their keys (at two bytes a character); 0 caches none. */
  constructor(readonly maxBytes: number) {}

  get active(): boolean {
    return this.maxBytes > 0;
  }

  /**
   * The part cached under `key`. A hit only marks the part used: moving it to the map's end
   * (delete and set again) on every hit of every card cost as much as writing the card's key.
   */
  get(key: string): CachedHtml | undefined {
    const part = this.parts.get(key);
    if (part === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    part.used = true;
    return part.html;
  }

  /**
   * Keeps `html` under `key`, then makes room oldest first: a part used since the eviction last
   * passed it gets a second chance (it moves to the end, unmarked), any other goes. The least
   * recently used go first, as near as that tells.
   */
  keep(key: string, html: CachedHtml): void {
    const size = sizeOf(key, html);
    if (size > this.maxBytes / 16) return;
    const old = this.parts.get(key);
    if (old !== undefined) {
      this.parts.delete(key);
      this.bytes -= sizeOf(key, old.html);
    }
    this.parts.set(key, { html, used: false });
    this.bytes += size;
    // Each part moves at most once (it is unmarked when it does), so this ends; the part just
    // kept is the newest, and never goes to make room for itself.
    for (const [oldest, part] of this.parts) {
      if (this.bytes <= this.maxBytes) break;
      if (oldest === key) continue;
      this.parts.delete(oldest);
      if (part.used) {
        part.used = false;
        this.parts.set(oldest, part);
      } else this.bytes -= sizeOf(oldest, part.html);
    }
  }

  /** For /healthz. */
  report(): { parts: number; bytes: number; hits: number; misses: number } {
    return { parts: this.parts.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}

/**
 * A part's HTML as UTF-8, cut where one of the request's secrets stood (a part holds none of
 * them but the footer's anti-forgery token). Kept as bytes, a part is encoded once, not in every
 * page that shows it.
 */
export type CachedHtml = CutBody;

/** The key at two bytes a character, and the part's bytes. */
function sizeOf(key: string, html: CachedHtml): number {
  let bytes = key.length * 2;
  for (const piece of html.pieces) bytes += piece.length;
  return bytes;
}

/**
 * Where the element that starts at `at` with `<tag` ends (just after its closing tag), counting
 * elements of the same name inside it; -1 when it does not end. React escapes `<` in every text
 * and attribute, and a cached part holds no script, so every `<` here starts a tag.
 */
export function elementEnd(html: string, at: number, tag: string): number {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let depth = 1;
  let from = at + open.length;
  while (depth > 0) {
    const closeAt = html.indexOf(close, from);
    if (closeAt === -1) return -1;
    let openAt = html.indexOf(open, from);
    // `<header` is not `<header-x`: the name must end there.
    while (openAt !== -1 && openAt < closeAt && !/[\s>]/.test(html.charAt(openAt + open.length))) {
      openAt = html.indexOf(open, openAt + open.length);
    }
    if (openAt !== -1 && openAt < closeAt) {
      depth++;
      from = openAt + open.length;
    } else {
      depth--;
      from = closeAt + close.length;
    }
  }
  return from;
}

/**
 * `html` as UTF-8 in memory of its own. `Buffer.from` puts a string under 4 KB (a card is about
 * 1.4 KB) in a slice of an 8 KB block it shares with the page's other pieces, and a cached slice
 * keeps its whole block: with slices, a process keeping 48 MB of parts held 106 MB more than one
 * keeping 16 MB; with parts of their own, 84 MB (ADR 0030's addendum).
 */
export function bytesOfItsOwn(html: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(html));
  bytes.write(html);
  return bytes;
}

/** The part slots of one render, and how their parts go in the page it rendered. */
export interface PageParts extends PartSlots {
  /**
   * The page as UTF-8, with every placeholder filled, keeping the parts it rendered itself; null
   * when the page does not hold the parts the render asked for, in their order.
   */
  fill(html: string): Buffer | null;
}

/** A part the render asked for: kept (its HTML), or rendered in the page (kept after when it has a key). */
type Asked = { kept: CachedHtml } | { key: string | null; start: string; tag: string; holds: string };

/**
 * The part slots of one server render, whose answer carries `secrets` (its nonce and
 * anti-forgery token). Every part the render meets asks for a slot, in the page's order: a kept
 * part gets a placeholder; any other is rendered in the page as usual, and `fill`, after the
 * render, takes its HTML from the page and keeps it (a product card near the top is never kept:
 * its photo's preload is in the page's head). `fill` puts the cached parts in place of their
 * placeholders. A part is thus rendered once, in the page it first shows on.
 */
export function partSlots(cache: PartCache, secrets: Secrets): PageParts {
  const asked: Asked[] = [];
  let placeholders = 0;
  // A secret is put in a page as it is, unescaped: a token the server did not make (a cookie
  // the browser sent may hold anything) makes this render keep and take nothing.
  const active = cache.active && secretsCanBeCut(secrets);
  return {
    slot(part: CachedPartRequest) {
      const tag = /^<([a-z][a-z0-9-]*)/.exec(part.start)?.[1] ?? "";
      const key = active ? part.keyOf() : null;
      const kept = key === null ? undefined : cache.get(key);
      if (kept === undefined) {
        asked.push({ key, start: part.start, tag, holds: part.holds });
        return null;
      }
      asked.push({ kept });
      return placeholders++;
    },
    fill(html) {
      // Nothing to put in and nothing to keep (no parts, or only parts never kept).
      if (placeholders === 0 && asked.every((part) => "key" in part && part.key === null)) return Buffer.from(html);
      // What the render wrote is encoded a stretch at a time; cached parts are bytes already.
      const out: Buffer[] = [];
      let from = 0;
      let placeholder = 0;
      const found: Array<{ key: string; html: string }> = [];
      for (const part of asked) {
        if ("kept" in part) {
          const mark = `${PART_SLOT_OPEN}${placeholder++}${PART_SLOT_CLOSE}`;
          const at = html.indexOf(mark, from);
          if (at === -1) return null;
          out.push(Buffer.from(html.slice(from, at)), ...joinSecrets(part.kept, secrets));
          from = at + mark.length;
          continue;
        }
        const at = html.indexOf(part.start, from);
        const end = at === -1 || part.tag === "" ? -1 : elementEnd(html, at, part.tag);
        if (end === -1) return null;
        const rendered = html.slice(at, end);
        // The page's next such part must be the one asked for (a card's link names its product).
        if (!rendered.includes(part.holds)) return null;
        if (part.key !== null) found.push({ key: part.key, html: rendered });
        // A page with no placeholders is sent as it is: only its parts are read.
        if (placeholders > 0) out.push(Buffer.from(html.slice(from, end)));
        from = end;
      }
      // Kept only once the whole page is known to hold what was asked for, in order.
      for (const part of found) cache.keep(part.key, cutSecrets(bytesOfItsOwn(part.html), secrets));
      if (placeholders === 0) return Buffer.from(html);
      out.push(Buffer.from(html.slice(from)));
      return Buffer.concat(out);
    },
  };
}
