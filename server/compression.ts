import { performance } from "node:perf_hooks";
import {
  type BrotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
  gzipSync,
} from "node:zlib";

/**
 * How hard answers made per request are compressed, by how busy the process is (ADR 0019).
 *
 * Compression is the dearest single step of an answer: brotli at quality 5 takes about 1 ms of a
 * core for a 70-80 KB page here, as much as React's render of it, and a cached page (ADR 0018)
 * costs little else. Quality 5 makes the smallest pages for the time (home fits a first visit's
 * first round trip, ADR 0017), which is what a shopper on a phone needs when the shop is quiet.
 * When the process is busy, every millisecond it spends compressing is a millisecond the next
 * shopper waits in its queue: quality 1 takes about a quarter of the time quality 5 does, for
 * pages about a fifth larger (a 60 KB listing: 0.33 against 1.22 ms, 11.6 against 9.5 KB).
 */
export interface Effort {
  readonly name: "thorough" | "quick";
  readonly brotli: number;
  readonly gzip: number;
}

/** The smallest pages for the time: for a process with time to spare. */
export const THOROUGH: Effort = { name: "thorough", brotli: 5, gzip: 6 };
/**
 * For a busy process. Brotli 1 is a one-pass encoder, unlike 3 and up, and in a busy server it
 * saved more than a measurement of it alone shows: on a 60 KB listing alone it takes 0.15 ms
 * against 0.39 at 3 (11.6 against 10.8 KB), but the server's time per rendered listing fell from
 * 5.07 to 4.27 ms (medians of 6 alternated runs, ADR 0019). Gzip 1 takes 0.34 ms against 0.82 at 6.
 */
export const QUICK: Effort = { name: "quick", brotli: 1, gzip: 1 };

/** Cumulative milliseconds the event loop spent idle and working, as Node reports them. */
export interface LoopTimes {
  idle: number;
  active: number;
}

export interface LoadGaugeOptions {
  /** Share of the last window the event loop spent working above which the process is busy. */
  busyAbove?: number;
  /** How long a measurement holds before the next request measures again. */
  windowMs?: number;
  now?: () => number;
  loopTimes?: () => LoopTimes;
}

/**
 * Tells whether the process is busy: the share of the time since its last look that the event
 * loop spent working (rendering, compressing, parsing database answers) rather than waiting.
 * It looks again at most once a window, when a request asks; a quiet spell between requests
 * counts as idle, so the first visitor after one gets the thorough effort.
 */
export class LoadGauge {
  private readonly busyAbove: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly loopTimes: () => LoopTimes;
  private lastAt: number;
  private last: LoopTimes;
  private current: Effort = THOROUGH;
  private answers = { thorough: 0, quick: 0 };

  constructor(options: LoadGaugeOptions = {}) {
    this.busyAbove = options.busyAbove ?? 0.8;
    this.windowMs = options.windowMs ?? 250;
    this.now = options.now ?? (() => performance.now());
    this.loopTimes = options.loopTimes ?? (() => performance.eventLoopUtilization());
    this.lastAt = this.now();
    this.last = this.loopTimes();
  }

  /** The effort for an answer about to be compressed. */
  effort(): Effort {
    const at = this.now();
    if (at - this.lastAt >= this.windowMs) {
      const times = this.loopTimes();
      const active = times.active - this.last.active;
      const total = active + (times.idle - this.last.idle);
      this.current = total > 0 && active / total >= this.busyAbove ? QUICK : THOROUGH;
      this.lastAt = at;
      this.last = times;
    }
    this.answers[this.current.name]++;
    return this.current;
  }

  /** For /healthz: the effort now, and how many answers had each since the process started. */
  report(): { effort: Effort["name"]; answers: { thorough: number; quick: number } } {
    return { effort: this.current.name, answers: { ...this.answers } };
  }
}

export type Encoding = "br" | "gzip";

/** A body compressed at once, for an answer sent whole. */
export function compressWhole(body: Uint8Array, encoding: Encoding, effort: Effort): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: effort.brotli } })
    : gzipSync(body, { level: effort.gzip });
}

/** A compressor for an answer that is streamed. */
export function compressStream(encoding: Encoding, effort: Effort): BrotliCompress | Gzip {
  return encoding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: effort.brotli } })
    : createGzip({ level: effort.gzip });
}
