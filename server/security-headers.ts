import type { Env } from "../app/env.server";
import { randomBytesPooled } from "../app/modules/security/random.server";

/** Headers every response carries. The CSP's script nonce is added per HTML response. */
export function securityHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "geolocation=(self), camera=(), microphone=(), payment=(self)",
  };
  if (env.PUBLIC_URL?.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

const HUMAN_CHECK_ORIGINS: Record<Env["HUMAN_CHECK"], string> = {
  off: "",
  turnstile: " https://challenges.cloudflare.com",
  recaptcha:
    " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
};

export function contentSecurityPolicy(nonce: string, env: Env): string {
  const dev = env.NODE_ENV === "development";
  // Address search loads Google's script only when the shop configured a Maps key.
  const maps = env.GOOGLE_MAPS_API_KEY ? " https://maps.googleapis.com" : "";
  // The sign-in form's human check loads its provider's script and frame only when it is on.
  const check = HUMAN_CHECK_ORIGINS[env.HUMAN_CHECK];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${maps}${check}${dev ? " 'unsafe-eval'" : ""}`,
    // Theme colours arrive as CSS custom properties in style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${maps}${dev ? " ws: wss:" : ""}`,
    `frame-src 'self'${check}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "object-src 'none'",
  ].join("; ");
}

/** A CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  return randomBytesPooled(16).toString("base64");
}
