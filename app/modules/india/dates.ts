/**
 * India keeps UTC+5:30 all year, with no summer time: a day in India is this offset from UTC.
 * Coupons' and banners' dates, the dashboard's days and the financial year are India's days.
 */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** An instant → its date in India, "2026-12-01". */
export const indianDate = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** "2026-12-01" → the instant that day starts in India. */
export const startOfIndianDay = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);

/** Whether "YYYY-MM-DD" names a day that exists (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
