import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressStream, compressWhole, LoadGauge, type LoopTimes, QUICK, THOROUGH } from "./compression";

/** A gauge on a clock and loop times the test moves by hand. */
function gaugeAt() {
  let now = 0;
  const times: LoopTimes = { idle: 0, active: 0 };
  const gauge = new LoadGauge({ now: () => now, loopTimes: () => ({ ...times }), windowMs: 250, busyAbove: 0.8 });
  /** `ms` pass, of which the event loop works `active`. */
  const pass = (ms: number, active: number) => {
    now += ms;
    times.active += active;
    times.idle += ms - active;
  };
  return { gauge, pass };
}

describe("how hard answers are compressed", () => {
  it("is thorough in a process with time to spare", () => {
    const { gauge, pass } = gaugeAt();
    expect(gauge.effort()).toBe(THOROUGH);
    pass(300, 150);
    expect(gauge.effort()).toBe(THOROUGH);
  });

  it("is quick once the event loop worked 80% or more of the last window, and thorough again after a quiet one", () => {
    const { gauge, pass } = gaugeAt();
    pass(250, 200);
    expect(gauge.effort()).toBe(QUICK);
    pass(250, 240);
    expect(gauge.effort()).toBe(QUICK);
    pass(250, 100);
    expect(gauge.effort()).toBe(THOROUGH);
  });

  it("looks again at most once a window: requests within it keep the last measure", () => {
    const { gauge, pass } = gaugeAt();
    pass(250, 250);
    expect(gauge.effort()).toBe(QUICK);
    // Idle for 100 ms: not a window yet, so still busy.
    pass(100, 0);
    expect(gauge.effort()).toBe(QUICK);
    // The next look covers both stretches: 200 of 450 ms worked.
    pass(200, 200);
    expect(gauge.effort()).toBe(THOROUGH);
  });

  it("counts a long quiet spell between requests as idle: the first visitor after it gets the small page", () => {
    const { gauge, pass } = gaugeAt();
    pass(250, 250);
    expect(gauge.effort()).toBe(QUICK);
    pass(60_000, 300);
    expect(gauge.effort()).toBe(THOROUGH);
  });

  it("reports the effort now and how many answers had each", () => {
    const { gauge, pass } = gaugeAt();
    gauge.effort();
    pass(250, 250);
    gauge.effort();
    gauge.effort();
    expect(gauge.report()).toEqual({ effort: "quick", answers: { thorough: 1, quick: 2 } });
  });

  it("reads Node's own event-loop times by default", () => {
    const gauge = new LoadGauge({ windowMs: 0 });
    const until = performance.now() + 30;
    while (performance.now() < until) {
      // Work without a pause: the loop is busy for the whole window.
    }
    expect(gauge.effort()).toBe(QUICK);
  });
});

describe("compressing at an effort", () => {
  const page = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `<li class="card">Product ${i} at ₹${(i * 37) % 1000}</li>`).join(""),
  );

  it("gives back the same page at either effort, the quick one larger", () => {
    for (const encoding of ["br", "gzip"] as const) {
      const unpack = encoding === "br" ? brotliDecompressSync : gunzipSync;
      const thorough = compressWhole(page, encoding, THOROUGH);
      const quick = compressWhole(page, encoding, QUICK);
      expect(unpack(thorough).equals(page)).toBe(true);
      expect(unpack(quick).equals(page)).toBe(true);
      expect(quick.byteLength).toBeGreaterThan(thorough.byteLength);
    }
  });

  it("streams at the effort asked", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const stream = compressStream(encoding, QUICK);
      const parts: Buffer[] = [];
      stream.on("data", (part: Buffer) => parts.push(part));
      const done = new Promise((resolve) => stream.on("end", resolve));
      stream.end(page);
      await done;
      const unpack = encoding === "br" ? brotliDecompressSync : gunzipSync;
      expect(unpack(Buffer.concat(parts)).equals(page)).toBe(true);
    }
  });
});
