/**
 * Promises that carry their outcome, as React marks a promise it has read (`status`, and
 * `value` or `reason`): React's `use` reads such a promise at once instead of suspending.
 * The server marks a page's deferred values once they settle, so the page renders whole
 * (app/platform/whole-page.server.ts); the browser makes them from JSON already in the
 * document (standalone-data.ts).
 */
export type Known<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

/** A promise of `value` that React reads without waiting. */
export function knownValue<T>(value: T): Known<T> {
  const promise: Known<T> = Promise.resolve(value);
  promise.status = "fulfilled";
  promise.value = value;
  return promise;
}

/** A failed promise that React reads without waiting (and that is never reported as unhandled). */
export function knownFailure(reason: unknown): Known<never> {
  const promise: Known<never> = Promise.reject(reason);
  promise.catch(() => {});
  promise.status = "rejected";
  promise.reason = reason;
  return promise;
}

/** The outcome a promise carries; null while it carries none. */
export function outcomeOf<T>(
  promise: Promise<T>,
): { ok: true; value: T | undefined } | { ok: false; reason: unknown } | null {
  const known = promise as Known<T>;
  if (known.status === "fulfilled") return { ok: true, value: known.value };
  if (known.status === "rejected") return { ok: false, reason: known.reason };
  return null;
}

/** Settles when the promise does, never rejecting, after marking the promise with its outcome. */
export function markWhenSettled(promise: Promise<unknown>): Promise<void> {
  const known = promise as Known<unknown>;
  if (outcomeOf(known)) return Promise.resolve();
  return known.then(
    (value) => {
      known.status = "fulfilled";
      known.value = value;
    },
    (reason: unknown) => {
      known.status = "rejected";
      known.reason = reason;
    },
  );
}
