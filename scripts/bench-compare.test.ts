import { describe, expect, it } from "vitest";
import { procStat } from "./bench-common";
import { compare, parseEnvList, type Sample } from "./bench-compare";

describe("comparing two builds side by side", () => {
  it("reads a process's user and system ticks from /proc, a command name with spaces and parentheses included", () => {
    const line = "4242 (node (mandi) x) S 1 4242 4242 0 -1 4194304 1000 0 0 0 750 125 0 0 20 0 11 0 100 1000000 5000";
    expect(procStat(line)).toEqual({ ppid: 1, ticks: 875, childTicks: 0 });
    const postmaster = "900 (postgres) S 1 900 900 0 -1 4194304 1000 0 0 0 40 10 3000 500 20 0 1 0 100 1000000 5000";
    expect(procStat(postmaster)).toEqual({ ppid: 1, ticks: 50, childTicks: 3500 });
    expect(() => procStat("not a stat line")).toThrow(/not a \/proc stat line/);
  });

  it("sums CPU per answer over the rounds and gives B over A for each round", () => {
    const s = (cpuMs: number, answers: number, answersPerSecond: number, p95Ms: number): Sample => ({
      cpuMs,
      answers,
      answersPerSecond,
      p95Ms,
    });
    const c = compare([
      { a: s(3000, 1000, 333, 40), b: s(2700, 1000, 370, 36) },
      { a: s(4000, 1000, 250, 50), b: s(3600, 1200, 400, 33) },
      { a: s(3500, 1000, 286, 45), b: s(3500, 1000, 286, 45) },
    ]);
    expect(c.a.msPerAnswer).toBe(3.5);
    expect(c.b.msPerAnswer).toBe(3.063);
    expect(c.ratios).toEqual([0.9, 0.75, 1]);
    expect(c.ratioMedian).toBe(0.9);
    expect(c.a.answersPerSecond).toBe(286);
    expect(c.b.p95Ms).toBe(36);
  });

  it("reads each side's settings as NAME=value pairs, and refuses anything else", () => {
    expect(parseEnvList(undefined)).toEqual({});
    expect(parseEnvList("PART_CACHE_MB=48,PAGE_CACHE_MB=0")).toEqual({ PART_CACHE_MB: "48", PAGE_CACHE_MB: "0" });
    expect(parseEnvList("LOG_LEVEL=")).toEqual({ LOG_LEVEL: "" });
    expect(() => parseEnvList(true)).toThrow(/NAME=value pairs/);
    expect(() => parseEnvList("PART_CACHE_MB")).toThrow('"PART_CACHE_MB" is not NAME=value.');
    expect(() => parseEnvList("=48")).toThrow(/is not NAME=value/);
  });
});
