import type { Db } from "./db/client.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import type { CatalogueOutline } from "./modules/catalog/outline";
import type { KnownFacets } from "./modules/search/facets.server";
import type { SearchStarts } from "./modules/search/start.server";
import type { AntiForgery } from "./modules/security/csrf.server";
import type { Store } from "./modules/store/store.server";
import type { PartCache } from "./platform/part-cache.server";

/** What the server hands every loader and action (see server/app.ts). */
export interface MandiContext {
  db: Db;
  env: Env;
  /** Writes this request's lines, each with its requestId. */
  log: Logger;
  /** The id this request's answer carries in X-Request-Id; its log lines and error reports too. */
  requestId: string;
  /** The store the request's host selects; null when the host matches no store. */
  store: Store | null;
  /** Per-response nonce for the Content-Security-Policy's inline scripts. */
  nonce: string;
  /** The client's address (X-Forwarded-For's first entry when TRUST_PROXY), for rate limits. */
  clientIp: string;
  /**
   * Whether the request came from this machine itself, through no proxy: development
   * conveniences (the SMS outbox, the sandbox's merchant side) answer only then.
   */
  fromLoopback: boolean;
  /**
   * The anti-forgery token this response carries: the browser's cookie, or a new one the
   * response sets. Plain forms embed it, so the first page a browser sees can post too.
   */
  readonly csrf: string;
  /** Checks a mutating request's anti-forgery pair, and mints tokens (a sign-in binds a new one). */
  antiForgery: AntiForgery;
  /**
   * Whether this answer may be kept and sent again to other shoppers who are not signed in
   * (server/page-cache.ts). Nothing is kept unless a loader calls `keepFor`; the shortest time
   * asked wins, and `dontKeep` (a part that failed and was left out) overrules it.
   */
  pageCache: KeepAnswer;
  /**
   * The store's categories and brands (modules/catalog/outline.ts), kept in memory for a few
   * seconds and dropped when the process hears the catalogue changed.
   */
  outline(storeId: string): Promise<CatalogueOutline>;
  /**
   * The start of a search (its plan and its misspelt words' close spellings), remembered by the
   * process until the catalogue changes (modules/catalog/listing.server.ts).
   */
  searchStarts: SearchStarts;
  /**
   * Where a search's matches lie, once the process has looked (search/facets-cache.ts): a
   * filtered search whose words are not under its category or brand reads no products.
   */
  searchFacets?: KnownFacets;
  /** Parts of pages cached by what they show (ADR 0028, ADR 0030); every part is rendered when absent. */
  parts?: PartCache;
}

export interface KeepAnswer {
  keepFor(seconds: number): void;
  dontKeep(): void;
  /**
   * The products this answer shows, so that a change to their stock alone drops it and no
   * other. An answer whose loaders never say is dropped by any change.
   */
  shows(productIds: Iterable<string>): void;
  /**
   * This request changed what catalogue pages show (an order took these products' stock; with
   * none named, anything): this process drops the cached pages concerned now, before it answers.
   * Other processes drop theirs when the database tells them, a moment later.
   */
  catalogueChanged(productIds?: readonly string[]): void;
}

declare module "react-router" {
  interface AppLoadContext extends MandiContext {}
}
