import type { Env } from "../../env.server";
import type { Logger } from "../../logger.server";

/**
 * Human verification before a sign-in code is sent (HUMAN_CHECK): Cloudflare Turnstile or
 * Google reCAPTCHA, checked server-side with the provider's siteverify API; off by default
 * (the rate limits stay on either way).
 */

export interface HumanCheck {
  readonly kind: "off" | "turnstile" | "recaptcha";
  /** The site key the page's widget needs; null when off. */
  readonly siteKey: string | null;
  verify(token: string | null | undefined, clientIp: string): Promise<boolean>;
}

const VERIFY_URLS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
} as const;

export function humanCheck(
  env: Pick<Env, "HUMAN_CHECK" | "HUMAN_CHECK_SITE_KEY" | "HUMAN_CHECK_SECRET"> & { HUMAN_CHECK_VERIFY_URL?: string },
  log: Logger,
  fetcher: typeof fetch = fetch,
): HumanCheck {
  const kind = env.HUMAN_CHECK;
  if (kind === "off") return { kind, siteKey: null, verify: async () => true };
  const url = env.HUMAN_CHECK_VERIFY_URL ?? VERIFY_URLS[kind];
  return {
    kind,
    siteKey: env.HUMAN_CHECK_SITE_KEY ?? null,
    async verify(token, clientIp) {
      if (!token || token.length > 4096) return false;
      try {
        const response = await fetcher(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ secret: env.HUMAN_CHECK_SECRET ?? "", response: token, remoteip: clientIp }),
          signal: AbortSignal.timeout(8_000),
        });
        const body = (await response.json()) as { success?: unknown; score?: unknown };
        // reCAPTCHA v3 adds a score: treat the lowest as a machine.
        if (typeof body.score === "number" && body.score < 0.3) return false;
        return body.success === true;
      } catch (error) {
        log.warn("human check could not be verified", { error, kind });
        return false;
      }
    },
  };
}
