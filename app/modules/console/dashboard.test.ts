import { describe, expect, it } from "vitest";
import { dailySeries, indiaDay, indiaPeriods } from "./dashboard";

describe("the dashboard's days", () => {
  it("counts days and weeks in India's time", () => {
    // 20:00 UTC on Friday 4 December is 01:30 on Saturday 5 December in India.
    const now = new Date("2026-12-04T20:00:00Z");
    expect(indiaDay(now)).toBe("2026-12-05");
    const { today, week } = indiaPeriods(now);
    expect(today.toISOString()).toBe("2026-12-04T18:30:00.000Z");
    // The week began on Monday 30 November, midnight in India.
    expect(week.toISOString()).toBe("2026-11-29T18:30:00.000Z");
  });

  it("a Monday's week begins that day", () => {
    const { today, week } = indiaPeriods(new Date("2026-11-30T06:00:00Z"));
    expect(week).toEqual(today);
  });

  it("fills the 30 days with the days that had no orders", () => {
    const now = new Date("2026-12-05T06:00:00Z");
    const series = dailySeries([{ day: "2026-12-03", orders: 4, takings: 12_000_00 }], now);
    expect(series).toHaveLength(30);
    expect(series[0]?.day).toBe("2026-11-06");
    expect(series.at(-1)).toEqual({ day: "2026-12-05", orders: 0, takings: 0 });
    expect(series.at(-3)).toEqual({ day: "2026-12-03", orders: 4, takings: 12_000_00 });
  });
});
