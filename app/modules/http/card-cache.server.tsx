import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  CARD_SLOT_CLOSE,
  CARD_SLOT_OPEN,
  type CardSlots,
  ProductCardMarkup,
  type ProductCardProps,
} from "../../components/product-card";

/**
 * Product cards' HTML, kept by what they show (ADR 0028).
 *
 * A card is most of a listing's markup (24 cards: 390 of its 650 elements) and the same product
 * shows on many pages: its category's listing in every order, searches, its brand, home, its
 * neighbours' product pages. A card's HTML depends on nothing but its props (the product as the
 * page's data holds it, and its heading's level), so it is kept under those props written out:
 * a product whose price, stock, name or photo changed has another key, and its old card is never
 * sent again (it leaves when it is the least recently used). Nothing needs dropping when the
 * catalogue changes, unlike kept pages (ADR 0018).
 */
export class CardCache {
  private readonly cards = new Map<string, string>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  /** `maxBytes` of cards and their keys (counted at two bytes a character); 0 keeps none. */
  constructor(readonly maxBytes: number) {}

  get active(): boolean {
    return this.maxBytes > 0;
  }

  /** The card kept under `key`, now the most recently used. */
  get(key: string): string | undefined {
    const html = this.cards.get(key);
    if (html === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.cards.delete(key);
    this.cards.set(key, html);
    return html;
  }

  keep(key: string, html: string): void {
    const size = sizeOf(key, html);
    if (size > this.maxBytes / 16) return;
    const old = this.cards.get(key);
    if (old !== undefined) {
      this.cards.delete(key);
      this.bytes -= sizeOf(key, old);
    }
    this.cards.set(key, html);
    this.bytes += size;
    for (const [oldest, oldHtml] of this.cards) {
      if (this.bytes <= this.maxBytes) break;
      this.cards.delete(oldest);
      this.bytes -= sizeOf(oldest, oldHtml);
    }
  }

  /** For /healthz. */
  report(): { cards: number; bytes: number; hits: number; misses: number } {
    return { cards: this.cards.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}

function sizeOf(key: string, html: string): number {
  return (key.length + html.length) * 2;
}

/** The key of a card: everything it is rendered from. */
export function cardKey({ product, headingLevel = 3 }: ProductCardProps): string {
  return `${headingLevel}${JSON.stringify(product)}`;
}

/** The card slots of one render, and how their cards go in the page it rendered. */
export interface PageCardSlots extends CardSlots {
  /** The page with every placeholder filled; null when it holds one this render did not write. */
  fill(html: string): string | null;
}

/**
 * The card slots of one server render: each card asked for is taken from `cache`, or rendered on
 * its own (inside `wrap`, which gives it the page's router) and kept. `fill` puts the cards in
 * the page in place of their placeholders.
 */
export function cardSlots(cache: CardCache, wrap: (card: ReactNode) => ReactNode): PageCardSlots {
  const filled: string[] = [];
  return {
    slot(card) {
      if (!cache.active) return null;
      const key = cardKey(card);
      let html = cache.get(key);
      if (html === undefined) {
        try {
          html = renderToString(wrap(<ProductCardMarkup {...card} />));
        } catch {
          return null;
        }
        // A card holds no Suspense boundary or hoisted resource; should it ever, it is left to the page.
        if (html.includes("<!--$") || html.includes("<link")) return null;
        cache.keep(key, html);
      }
      filled.push(html);
      return filled.length - 1;
    },
    fill(html) {
      if (filled.length === 0) return html;
      let out = "";
      let from = 0;
      for (let at = html.indexOf(CARD_SLOT_OPEN); at !== -1; at = html.indexOf(CARD_SLOT_OPEN, from)) {
        const numberAt = at + CARD_SLOT_OPEN.length;
        const end = html.indexOf(CARD_SLOT_CLOSE, numberAt);
        const slot = end === -1 ? "" : html.slice(numberAt, end);
        const card = /^\d+$/.test(slot) ? filled[Number(slot)] : undefined;
        // Not a placeholder of this render: the page goes the streaming way, without slots.
        if (card === undefined) return null;
        out += html.slice(from, at) + card;
        from = end + CARD_SLOT_CLOSE.length;
      }
      return out + html.slice(from);
    },
  };
}
