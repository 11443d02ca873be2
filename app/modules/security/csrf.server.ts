import { timingSafeEqual } from "node:crypto";
import {
  CSRF_COOKIE,
  CSRF_COOKIE_SECURE,
  CSRF_FIELD,
  CSRF_HEADER,
  REQUESTED_WITH_HEADER,
  readCsrfCookie,
} from "./csrf";
import { randomBytesPooled } from "./random.server";

export const FORBIDDEN_MESSAGE =
  "This request did not come from the store's own pages. Please reload the page and try again.";

/** A new token: 24 random bytes from the process's pool, as a nonce is made (`random.server.ts`). */
export function newCsrfToken(): string {
  return randomBytesPooled(24).toString("base64url");
}

/** An anti-forgery token this server could have made (a cookie's value is the browser's say). */
export function isServerCsrfToken(token: string): boolean {
  return /^[\w-]{32}$/.test(token);
}

/** The Set-Cookie value that gives a browser its token (readable by the page's scripts). */
export function csrfCookie(token: string, secure: boolean): string {
  const name = secure ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
  return `${name}=${token}; Path=/; SameSite=Lax; Max-Age=31536000${secure ? "; Secure" : ""}`;
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether a mutating request may proceed: it must not come from another site (Sec-Fetch-Site
 * or Origin), and must carry the token pair. Returns the reason when it may not.
 */
export function checkMutatingRequest(request: Request): string | null {
  const foreign = checkOrigin(request);
  if (foreign) return foreign;
  const cookie = readCsrfCookie(request.headers.get("cookie"));
  const header = request.headers.get(CSRF_HEADER);
  if (!cookie || !header || !sameValue(cookie, header)) return "missing or wrong anti-forgery token";
  if (!request.headers.get(REQUESTED_WITH_HEADER)) return "missing X-Requested-With";
  return null;
}

/** The same check for a plain HTML form: the token comes in a hidden field instead of a header. */
export function checkFormRequest(request: Request, form: FormData): string | null {
  const foreign = checkOrigin(request);
  if (foreign) return foreign;
  const cookie = readCsrfCookie(request.headers.get("cookie"));
  const field = form.get(CSRF_FIELD);
  if (!cookie || typeof field !== "string" || !sameValue(cookie, field)) return "missing or wrong anti-forgery token";
  return null;
}

/** Refuses a request another site made the browser send (Sec-Fetch-Site, else Origin). */
function checkOrigin(request: Request): string | null {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return "cross-site request";
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    const host = request.headers.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      return "malformed Origin";
    }
    if (host && originHost !== host) return "Origin does not match Host";
  }
  return null;
}
