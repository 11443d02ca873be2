/**
 * The dashboard's arithmetic (issue 54), pure: days in India's time, and the 30 days of the
 * orders chart with the days without orders filled in.
 */

import { IST_OFFSET_MS, indianDate } from "../india/dates";

const DAY_MS = 24 * 3600 * 1000;
/** The day in India (YYYY-MM-DD) an instant falls on. */
export const indiaDay = indianDate;

/** The instant today began in India, and the Monday this week began. */
export function indiaPeriods(now: Date): { today: Date; week: Date } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - IST_OFFSET_MS;
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return { today: new Date(midnight), week: new Date(midnight - sinceMonday * DAY_MS) };
}

export interface DayCount {
  day: string;
  orders: number;
  takings: number;
}

/** The last `days` days up to `now`'s day, oldest first, each with what `counted` says of it (0 if nothing). */
export function dailySeries(counted: readonly DayCount[], now: Date, days = 30): DayCount[] {
  const byDay = new Map(counted.map((c) => [c.day, c]));
  const series: DayCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = indiaDay(new Date(now.getTime() - i * DAY_MS));
    series.push(byDay.get(day) ?? { day, orders: 0, takings: 0 });
  }
  return series;
}
