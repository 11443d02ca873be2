import { describe, expect, it } from "vitest";
import { randomBytesPooled } from "./random.server";

describe("randomBytesPooled", () => {
  it("gives the size asked, across refills and above the pool's size", () => {
    for (const size of [1, 16, 32, 4000, 4096, 5000]) expect(randomBytesPooled(size)).toHaveLength(size);
  });

  it("never hands out the same bytes twice", () => {
    const seen = new Set<string>();
    // 2,000 x 16 bytes crosses the 4 KB pool several times.
    for (let i = 0; i < 2000; i++) seen.add(randomBytesPooled(16).toString("hex"));
    expect(seen.size).toBe(2000);
  });

  it("hands out buffers of their own: changing one leaves the next untouched", () => {
    const a = randomBytesPooled(32);
    a.fill(7);
    const b = randomBytesPooled(32);
    expect(b.equals(Buffer.alloc(32, 7))).toBe(false);
    expect(b.equals(Buffer.alloc(32, 0))).toBe(false);
  });
});
