/**
 * The installation's own pages: answered on every host, with a store or without one (the page
 * an unknown host gets links to them), so a business can find how to open a store here.
 */
export const INSTALLATION_PAGES: ReadonlySet<string> = new Set(["/create-store", "/updates"]);
