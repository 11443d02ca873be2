/** The parts of a click (a DOM event or React's) that say how it was made. */
export type ClickLike = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">;

/**
 * A left click without modifier keys (a new tab or window stays one) that nothing else (the
 * offline handler, a component) has taken: the only click a page may turn into its own navigation.
 */
export function isPlainLeftClick(event: ClickLike): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/**
 * The store's own link, matching `selector`, that a plain left click on the document follows in
 * this tab, with its address; null for any other click (another site, a new tab, a download).
 */
export function followedLink(event: MouseEvent, selector: string): { link: HTMLAnchorElement; url: URL } | null {
  if (!isPlainLeftClick(event)) return null;
  const link = (event.target as Element | null)?.closest?.(selector);
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? { link, url } : null;
}
