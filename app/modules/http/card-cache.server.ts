import { CARD_SLOT_CLOSE, CARD_SLOT_OPEN, type CardSlots, type ProductCardProps } from "../../components/product-card";

/**
 * Product cards' HTML, kept by what they show (ADR 0028).
 *
 * A card is most of a listing's markup (24 cards: 387 of its 651 elements) and the same product
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
  /**
   * The page with every placeholder filled, keeping the cards it rendered itself; null when the
   * page does not hold the cards the render asked for, in their order.
   */
  fill(html: string): string | null;
}

/** How a card starts and ends in a page (a card holds no other article). */
const CARD_START = '<article class="product-card">';
const CARD_END = "</article>";

/** A card the render asked for: kept (its HTML), or rendered in the page (kept after when it has a key). */
type Asked = { kept: string } | { key: string | null; slug: string };

/**
 * The card slots of one server render. Every card the render meets asks for a slot, in the
 * page's order: a kept card gets a placeholder; any other is rendered in the page as usual, and
 * `fill`, after the render, takes its HTML from the page and keeps it (a card near the top is
 * never kept: its photo's preload is in the page's head). `fill` puts the kept cards in place of
 * their placeholders. A card is thus rendered once, in the page it first shows on.
 */
export function cardSlots(cache: CardCache): PageCardSlots {
  const asked: Asked[] = [];
  let placeholders = 0;
  return {
    slot(card) {
      if (!cache.active || card.eager) {
        asked.push({ key: null, slug: card.product.slug });
        return null;
      }
      const key = cardKey(card);
      const kept = cache.get(key);
      if (kept === undefined) {
        asked.push({ key, slug: card.product.slug });
        return null;
      }
      asked.push({ kept });
      return placeholders++;
    },
    fill(html) {
      // Nothing to put in and nothing to keep (no cards, or only cards near the top).
      if (placeholders === 0 && asked.every((card) => "key" in card && card.key === null)) return html;
      let out = "";
      let from = 0;
      let placeholder = 0;
      const found: Array<{ key: string; html: string }> = [];
      for (const card of asked) {
        if ("kept" in card) {
          const mark = `${CARD_SLOT_OPEN}${placeholder++}${CARD_SLOT_CLOSE}`;
          const at = html.indexOf(mark, from);
          if (at === -1) return null;
          out += html.slice(from, at) + card.kept;
          from = at + mark.length;
          continue;
        }
        const at = html.indexOf(CARD_START, from);
        const end = at === -1 ? -1 : html.indexOf(CARD_END, at);
        if (end === -1) return null;
        const rendered = html.slice(at, end + CARD_END.length);
        // The page's next card must be the one asked for: its link names its product.
        if (!rendered.includes(`href="/products/${card.slug}"`)) return null;
        if (card.key !== null) found.push({ key: card.key, html: rendered });
        // A page with no placeholders is sent as it is: only its cards are read.
        if (placeholders > 0) out += html.slice(from, at + rendered.length);
        from = at + rendered.length;
      }
      // Kept only once the whole page is known to hold what was asked for, in order.
      for (const card of found) cache.keep(card.key, card.html);
      return placeholders > 0 ? out + html.slice(from) : html;
    },
  };
}
