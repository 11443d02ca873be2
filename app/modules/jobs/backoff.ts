/**
 * When a failed job is tried again: 10 s after the first failure, doubling each time, never
 * more than an hour apart, with a quarter either way of random spread so that jobs failed by
 * one outage do not all come back in the same second. `random` is a number in [0, 1).
 */
export const FIRST_RETRY_MS = 10_000;
export const LONGEST_RETRY_MS = 3_600_000;

export function retryDelayMs(failedAttempts: number, random: number): number {
  const attempt = Math.max(1, Math.floor(failedAttempts));
  const base = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.75 + 0.5 * random));
}

/** What becomes of a job that failed on its `attempts`-th try. */
export function afterFailure(
  attempts: number,
  maxAttempts: number,
  random: number,
): { state: "dead" } | { state: "queued"; delayMs: number } {
  if (attempts >= maxAttempts) return { state: "dead" };
  return { state: "queued", delayMs: retryDelayMs(attempts, random) };
}

/**
 * Thrown by a job's handler when trying again cannot help (a photo link that answers 404, a file
 * that is not a photo): the job is dead at once, with this message in the console's Jobs page.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** An error as the console shows it: its message, at most 2,000 characters. */
export function describeError(error: unknown): string {
  const plain = error instanceof Error && (error.name === "Error" || error instanceof PermanentJobError);
  const text = error instanceof Error ? `${plain ? "" : `${error.name}: `}${error.message}` : String(error);
  return text.length > 2_000 ? `${text.slice(0, 1_999)}…` : text;
}
