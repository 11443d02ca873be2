import type { Env } from "./env.server";
import { type Logger, redact } from "./logger.server";

/**
 * Errors reported to Sentry, or any service that takes Sentry's events (GlitchTip, Bugsink...),
 * when SENTRY_DSN is set (issue 61). Sentry's light SDK, without OpenTelemetry, is loaded only
 * then, so a store without a DSN pays nothing for it. Every event is redacted as log lines are
 * (app/logger.server.ts) before it leaves the machine: a phone's last 4 digits, no code, token
 * or cookie, and no request body or headers at all (`sendDefaultPii` off).
 */

export interface ErrorFields {
  requestId?: string;
  method?: string;
  path?: string;
  [field: string]: unknown;
}

interface Reporter {
  report(error: unknown, fields: ErrorFields): void;
  flush(timeoutMs: number): Promise<boolean>;
}

let reporter: Reporter | null = null;

export async function startErrorReports(
  env: Pick<Env, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "NODE_ENV">,
  log: Logger,
  release?: string,
): Promise<boolean> {
  if (!env.SENTRY_DSN || reporter) return reporter !== null;
  const Sentry = await import("@sentry/node-core/light");
  Sentry.init({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release,
    sendDefaultPii: false,
    // Request bodies can hold an address and a phone; the event says which request instead.
    maxBreadcrumbs: 20,
    beforeSend: (event) => redact(event) as typeof event,
    beforeBreadcrumb: (breadcrumb) => redact(breadcrumb) as typeof breadcrumb,
  });
  reporter = {
    report(error, { requestId, method, path, ...extra }) {
      Sentry.withScope((scope) => {
        if (requestId) scope.setTag("requestId", requestId);
        if (method && path) scope.setTag("route", `${method} ${path}`);
        scope.setExtras(extra);
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
  log.info("errors are reported", { to: new URL(env.SENTRY_DSN).host });
  return true;
}

/** Reports an error that a request or job could not recover from; nothing without SENTRY_DSN. */
export function reportError(error: unknown, fields: ErrorFields = {}): void {
  reporter?.report(error, fields);
}

/** Sends what is waiting, at shutdown; true when it all went. */
export function flushErrorReports(timeoutMs = 2_000): Promise<boolean> {
  return reporter ? reporter.flush(timeoutMs) : Promise.resolve(true);
}
