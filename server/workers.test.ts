import { describe, expect, it } from "vitest";
import { restartDelayMs } from "./workers";

describe("restartDelayMs", () => {
  it("replaces a process that died alone in the last minute in a second", () => {
    expect(restartDelayMs(1)).toBe(1_000);
  });

  it("doubles the wait for each other death in the last minute, up to half a minute", () => {
    expect(restartDelayMs(2)).toBe(2_000);
    expect(restartDelayMs(3)).toBe(4_000);
    expect(restartDelayMs(5)).toBe(16_000);
    expect(restartDelayMs(6)).toBe(30_000);
    expect(restartDelayMs(20)).toBe(30_000);
  });
});
