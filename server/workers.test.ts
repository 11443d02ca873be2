import { describe, expect, it } from "vitest";
import { restartDelayMs } from "./workers";

describe("restartDelayMs", () => {
  const now = 1_000_000;

  it("replaces a process that died alone in a second", () => {
    expect(restartDelayMs([now], now)).toBe(1_000);
    // Deaths more than a minute ago do not count.
    expect(restartDelayMs([now - 60_000, now - 90_000, now], now)).toBe(1_000);
  });

  it("doubles the wait for each other death in the last minute, up to half a minute", () => {
    expect(restartDelayMs([now - 2_000, now], now)).toBe(2_000);
    expect(restartDelayMs([now - 5_000, now - 2_000, now], now)).toBe(4_000);
    const crashLoop = Array.from({ length: 8 }, (_, i) => now - i * 3_000);
    expect(restartDelayMs(crashLoop, now)).toBe(30_000);
  });
});
