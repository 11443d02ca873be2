/**
 * The anti-forgery pair (ARCHITECTURE.md section 5): the server hands every page a random
 * token in a cookie; scripts echo it in the X-CSRF-Token header and mark their requests with
 * X-Requested-With. A page on another site can neither read the cookie nor send those
 * headers without a CORS preflight the server never grants.
 */
export const CSRF_COOKIE = "mandi_csrf";
/** The cookie's name on an HTTPS store: bound to the exact host, Secure, path /. */
export const CSRF_COOKIE_SECURE = "__Host-mandi_csrf";
export const CSRF_HEADER = "X-CSRF-Token";
export const REQUESTED_WITH_HEADER = "X-Requested-With";
export const REQUESTED_WITH_VALUE = "XMLHttpRequest";
/** The hidden field that carries the token in plain HTML forms (they work before scripts load). */
export const CSRF_FIELD = "csrf";

/** One cookie's value from a Cookie header (or document.cookie). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return value || null;
    }
  }
  return null;
}

/** The anti-forgery token, under either of its cookie names. */
export function readCsrfCookie(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, CSRF_COOKIE_SECURE) ?? readCookie(cookieHeader, CSRF_COOKIE);
}

/** The headers a script sends with a mutating request to the store's own API. */
export function csrfHeaders(): Record<string, string> {
  const token = typeof document === "undefined" ? null : readCsrfCookie(document.cookie);
  return token ? { [CSRF_HEADER]: token, [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } : {};
}
