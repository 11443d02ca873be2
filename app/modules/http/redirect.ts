/**
 * A redirect target taken from a request (a Referer, a form field, a query parameter) as a path
 * of this site, or null (issue 53). Only a path that begins with a single `/` is taken: `//x`
 * and `/\x` are other hosts to a browser, and a control character or backslash anywhere could
 * make one. The path is then read against a placeholder origin to be sure it stays there.
 */
export function sameOriginPath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 2048) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return null;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(candidate, base);
    if (url.origin !== base) return null;
    const path = `${url.pathname}${url.search}`;
    return path.startsWith("//") ? null : path;
  } catch {
    return null;
  }
}

/** The path and query of a same-origin address (a Referer), or null for another site's. */
export function refererPath(referer: string | null | undefined, host: string): string | null {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== host) return null;
    return sameOriginPath(`${from.pathname}${from.search}`);
  } catch {
    return null;
  }
}
