import { createContext, type ReactNode, use } from "react";

/**
 * Parts of a page cached by what they show (ADR 0028, ADR 0030).
 *
 * A server render that keeps parts gives `PartSlotsContext`: every `CachedPart` asks it for a
 * slot, in the page's order, and it answers the number of a placeholder the render writes in
 * the part's place (filled in after the render with HTML this part rendered before), or null to
 * render the part here as usual. Absent in the browser and in streamed pages, where every part
 * is rendered.
 */
export interface CachedPartRequest {
  /**
   * Everything the part's HTML is made from, written out; null when the part is not to be
   * kept. Called only by a render that keeps parts.
   */
  keyOf(): string | null;
  /**
   * The part's root element's opening tag, exactly as React writes it (the part is that one
   * element). Its end is the element's matching closing tag.
   */
  start: string;
  /** Text the part's HTML holds, which tells it from another part of the page with the same opening tag. */
  holds: string;
}

export interface PartSlots {
  slot(part: CachedPartRequest): number | null;
}
export const PartSlotsContext = createContext<PartSlots | null>(null);

/** What a server render writes in place of a part whose HTML it fills in afterwards. */
export const PART_SLOT_OPEN = '<template data-mandi-part="';
export const PART_SLOT_CLOSE = '"></template>';

/**
 * A part of the page that a server render may take from the parts cached by what they show. Its
 * children must render one element starting with `start`, and depend on nothing `keyOf` does
 * not write out: the store, the address, the signed-in customer, the time, as far as they show.
 * The request's anti-forgery token and nonce may stand in it: they are cut out when it is kept
 * and the next request's put back.
 */
export function CachedPart({ children, ...ask }: CachedPartRequest & { children: ReactNode }) {
  const slot = use(PartSlotsContext)?.slot(ask) ?? null;
  if (slot !== null) return <template data-mandi-part={slot} />;
  return children;
}
