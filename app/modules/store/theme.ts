import { storeFont } from "./fonts";
import type { StoreCustomisation } from "./settings";

/** The store's look as CSS custom properties, set on <html> by the server: no flash of a default theme. */
export function themeStyle(c: StoreCustomisation): Record<string, string> {
  return {
    "--color-primary": c.primaryColor,
    "--color-secondary": c.secondaryColor,
    "--font-body": `"${storeFont(c.font)}", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
    "--size-heading": `${c.headingSize}px`,
    "--size-body": `${c.bodySize}px`,
    "--radius-button": c.roundedButtons ? "8px" : "0",
  };
}
