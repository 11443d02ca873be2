import { isbot } from "isbot";
import type { KeepAnswer } from "../app/context";
import { SESSION_COOKIE, SESSION_COOKIE_SECURE } from "../app/modules/accounts/sessions.server";
import { CSRF_COOKIE, CSRF_COOKIE_SECURE } from "../app/modules/security/csrf";
import type { CutBody } from "../app/platform/page-secrets.server";

/**
 * Pages cached for anonymous shoppers (ADR 0018).
 *
 * A catalogue page is the same for every shopper who is not signed in, except for two
 * per-response secrets: the CSP nonce and the browser's anti-forgery token. So an answer a
 * route allows to be kept (`context.pageCache.keepFor`) is stored with those two cut out, and
 * sent again to the next shopper asking for the same address with fresh ones put back: a few
 * hundred microseconds instead of a render. It is never sent to a signed-in customer. A page is
 * kept from its address's second ask on (`admits`): most addresses asked once are never asked
 * again.
 *
 * Every change to the catalogue (products, sizes, categories, brands, synonyms, store settings)
 * drops every cached page: the database announces it on `mandi_catalogue` when the change commits
 * (migration 0012), and each app process hears it. A change of stock alone (an order) names its
 * products, and drops only the pages that said they show one of them (`shows`). While the
 * process cannot hear those announcements nothing is kept, since it could not know when to drop
 * it.
 */

export const CATALOGUE_CHANNEL = "mandi_catalogue";

/** An answer cached, its body cut where a secret stood (`app/platform/page-secrets.server.ts`). */
export interface CachedAnswer extends CutBody {
  status: number;
  /** The app's headers, without Set-Cookie, the CSP, and the body's length and encoding. */
  headers: Record<string, string>;
  /** The body's length with its secrets. */
  bytes: number;
  expiresAt: number;
  /** The products the page shows; absent when it did not say (any change drops it). */
  shows?: ReadonlySet<string>;
}

/** The products a notification names ('products:<id>,<id>'), or null for "anything changed". */
export function changedProducts(payload: string): string[] | null {
  if (!payload.startsWith("products:")) return null;
  const ids = payload.slice("products:".length).split(",").filter(Boolean);
  return ids.length > 0 ? ids : null;
}

function showsAny(shows: ReadonlySet<string> | undefined, products: ReadonlySet<string> | null): boolean {
  if (!shows || !products) return true;
  for (const id of products) if (shows.has(id)) return true;
  return false;
}

/**
 * The key an answer is cached under, or null when this request must be rendered for itself: not
 * a GET, or a signed-in customer's. Cookies other than the anti-forgery token are part of the
 * key (the font cookie changes the page's head; an unknown cookie might change more), and so is
 * whether the client is a crawler (it gets the page whole, deferred parts included).
 */
export function pageCacheKey(
  method: string | undefined,
  url: URL,
  cookieHeader: string | undefined,
  userAgent: string | undefined,
): string | null {
  if (method !== "GET") return null;
  const cookies: string[] = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const pair = part.trim();
    if (!pair) continue;
    const name = pair.slice(0, Math.max(pair.indexOf("="), 0)) || pair;
    if (name === SESSION_COOKIE || name === SESSION_COOKIE_SECURE) return null;
    if (name === CSRF_COOKIE || name === CSRF_COOKIE_SECURE) continue;
    cookies.push(pair);
  }
  cookies.sort();
  const crawler = userAgent && isbot(userAgent) ? "bot" : "";
  return `${url.origin}${url.pathname}${url.search}\n${cookies.join("; ")}\n${crawler}`;
}

/** What a request's loaders say about keeping its answer (AppLoadContext.pageCache). */
export class KeepRequest implements KeepAnswer {
  /** The shortest time any loader allowed; 0 when none did. */
  seconds = 0;
  refused = false;
  /** The products the page shows, when its loaders said. */
  products: Set<string> | undefined;

  constructor(private readonly cache?: PageCache) {}

  catalogueChanged(productIds?: readonly string[]): void {
    this.cache?.changed(productIds);
  }

  shows(productIds: Iterable<string>): void {
    this.products ??= new Set();
    for (const id of productIds) this.products.add(id);
  }

  keepFor(seconds: number): void {
    if (!(seconds > 0)) return;
    this.seconds = this.seconds === 0 ? seconds : Math.min(this.seconds, seconds);
  }

  dontKeep(): void {
    this.refused = true;
  }

  get allowed(): boolean {
    return this.seconds > 0 && !this.refused;
  }
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  kept: number;
  /** How many changes dropped cached pages: all of them, or those showing the products named. */
  dropped: number;
}

/** How many changes are remembered for answers rendered across them. */
const RECENT_CHANGES = 256;

/** How many addresses are remembered (those first asked for most recently), to keep pages from a second ask. */
const ASKED_FOR = 65_536;

/**
 * A key's FNV-1a hash, cut to 30 bits so that V8 holds it as a small integer: two keys that
 * share one only get kept a request early.
 */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}

/** The cached answers of one process, least recently used first, within a byte budget. */
export class PageCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private generation = 0;
  /** The latest changes, for answers rendered across them: which products, or null for all. */
  private readonly recent: Array<{ generation: number; products: ReadonlySet<string> | null }> = [];
  private hearing = false;
  /** The addresses asked for (their hashes), oldest first. */
  private readonly asked = new Set<number>();
  readonly stats: PageCacheStats = { hits: 0, misses: 0, kept: 0, dropped: 0 };

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
    private readonly askedFor: number = ASKED_FOR,
  ) {}

  /** Whether answers are kept: a budget is set and the catalogue's changes are heard. */
  get active(): boolean {
    return this.maxBytes > 0 && this.hearing;
  }

  /** Taken before a render: an answer rendered across a catalogue change is not kept. */
  ticket(): number {
    return this.generation;
  }

  get(key: string): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer && answer.expiresAt <= this.now()) {
      this.remove(key, answer);
    } else if (answer) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, answer);
      this.stats.hits += 1;
      return answer;
    }
    this.stats.misses += 1;
    return undefined;
  }

  /**
   * Whether an answer just rendered for `key` is worth keeping: not on an address's first ask,
   * only from its second on (ADR 0018). An address nobody asks for again (a crawler walking every
   * filter and page, a one-off search) then costs no cutting and storing, and does not push out
   * the pages shoppers come back to. The process remembers the `askedFor` addresses asked for
   * first most recently; one it has forgotten waits for a second ask again, and one kept before
   * is kept again at once after a catalogue change drops it.
   */
  admits(key: string): boolean {
    const hash = hashOf(key);
    if (this.asked.has(hash)) return true;
    this.asked.add(hash);
    // A Set keeps its order of adding: the first value is the address first asked for longest ago.
    if (this.asked.size > this.askedFor) this.asked.delete(this.asked.values().next().value as number);
    return false;
  }

  /** Keeps an answer rendered since `ticket`; false when it may not be kept. */
  put(key: string, ticket: number, answer: CachedAnswer): boolean {
    // One answer may take at most an eighth of the budget.
    if (!this.active || answer.bytes > this.maxBytes / 8 || this.changedFor(ticket, answer)) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    this.stats.kept += 1;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
    return true;
  }

  /**
   * The catalogue changed: these products' stock, or (without them) anything. The answers that
   * may show the change are dropped.
   */
  changed(productIds?: readonly string[] | null): void {
    this.generation += 1;
    const products = productIds && productIds.length > 0 ? new Set(productIds) : null;
    this.recent.push({ generation: this.generation, products });
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    if (!products) {
      this.entries.clear();
      this.bytes = 0;
    } else {
      for (const [key, answer] of this.entries) if (showsAny(answer.shows, products)) this.remove(key, answer);
    }
    this.stats.dropped += 1;
  }

  /** Whether a change since `ticket` may show on this answer (or is too long ago to tell). */
  private changedFor(ticket: number, answer: CachedAnswer): boolean {
    if (ticket === this.generation) return false;
    const since = this.recent.filter((c) => c.generation > ticket);
    if (since.length < this.generation - ticket) return true;
    return since.some((c) => showsAny(answer.shows, c.products));
  }

  /** Whether the catalogue's changes are heard; either way, what was kept may have missed some. */
  setHearing(hearing: boolean): void {
    this.hearing = hearing;
    this.changed();
  }

  get size(): { answers: number; bytes: number } {
    return { answers: this.entries.size, bytes: this.bytes };
  }

  /** For /healthz: whether pages are kept, how many, how often used, and how many addresses remembered. */
  report(): { active: boolean; answers: number; bytes: number; asked: number } & PageCacheStats {
    return { active: this.active, ...this.size, asked: this.asked.size, ...this.stats };
  }

  private remove(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    this.bytes -= answer.bytes;
  }
}
