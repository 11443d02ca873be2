import { createHmac, timingSafeEqual } from "node:crypto";
import { readSessionToken } from "../accounts/sessions.server";
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, CSRF_FIELD, CSRF_HEADER, REQUESTED_WITH_HEADER, readCookie } from "./csrf";
import { randomBytesPooled } from "./random.server";

export const FORBIDDEN_MESSAGE =
  "This request did not come from the store's own pages. Please reload the page and try again.";

/** A token this server could have made: 16 random bytes and 16 bytes of their signature, base64url. */
const TOKEN_SHAPE = /^[\w-]{22}\.[\w-]{22}$/;

/** Whether a token has the shape of one this server makes (cached pages cut it out by its bytes). */
export function isServerCsrfToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The anti-forgery pair as a signed double submit (issue 53; ARCHITECTURE.md section 5): the
 * cookie's token is random bytes with their HMAC under the installation's key, bound to the
 * browser's session cookie when it has one. A request passes only when the cookie holds a token
 * this server signed for that session and the header (or a form's hidden field) repeats it, so
 * a cookie planted by a neighbouring site, or a token from another session, does not pass. On
 * an https store only the `__Host-` cookie is read, which no other host can set.
 */
export class AntiForgery {
  constructor(
    private readonly key: Buffer,
    readonly secure: boolean,
  ) {}

  private signature(random: string, session: string | null): string {
    return createHmac("sha256", this.key)
      .update(`csrf:${random}:${session ?? ""}`)
      .digest()
      .subarray(0, 16)
      .toString("base64url");
  }

  /** A new token for the session of `cookieHeader` (none: a token for a browser not signed in). */
  mint(cookieHeader: string | null | undefined): string {
    const random = randomBytesPooled(16).toString("base64url");
    return `${random}.${this.signature(random, readSessionToken(cookieHeader))}`;
  }

  /** A new token for a session that is starting (sign-in) or ending (null). */
  mintFor(sessionToken: string | null): string {
    const random = randomBytesPooled(16).toString("base64url");
    return `${random}.${this.signature(random, sessionToken)}`;
  }

  /** The token in the browser's cookie, when it is one this server signed for this session. */
  valid(cookieHeader: string | null | undefined): string | null {
    const token = readCookie(cookieHeader, this.secure ? CSRF_COOKIE_SECURE : CSRF_COOKIE);
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const [random = "", signature = ""] = token.split(".");
    return sameValue(signature, this.signature(random, readSessionToken(cookieHeader))) ? token : null;
  }

  /** The Set-Cookie value that gives a browser its token (readable by the page's scripts). */
  cookie(token: string): string {
    const name = this.secure ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
    return `${name}=${token}; Path=/; SameSite=Lax; Max-Age=31536000${this.secure ? "; Secure" : ""}`;
  }

  /**
   * Whether a script's mutating request may proceed: not sent by another site (Sec-Fetch-Site
   * or Origin), with a good token in the cookie repeated in X-CSRF-Token, and X-Requested-With.
   * Returns the reason when it may not.
   */
  check(request: Request): string | null {
    const foreign = checkOrigin(request);
    if (foreign) return foreign;
    const cookie = this.valid(request.headers.get("cookie"));
    const header = request.headers.get(CSRF_HEADER);
    if (!cookie || !header || !sameValue(cookie, header)) return "missing or wrong anti-forgery token";
    if (!request.headers.get(REQUESTED_WITH_HEADER)) return "missing X-Requested-With";
    return null;
  }

  /** The same check for a plain HTML form: the token comes in a hidden field instead of a header. */
  checkForm(request: Request, form: FormData): string | null {
    const foreign = checkOrigin(request);
    if (foreign) return foreign;
    const cookie = this.valid(request.headers.get("cookie"));
    const field = form.get(CSRF_FIELD);
    if (!cookie || typeof field !== "string" || !sameValue(cookie, field)) return "missing or wrong anti-forgery token";
    return null;
  }
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
