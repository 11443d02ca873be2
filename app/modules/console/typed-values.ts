import type { z } from "zod";

/**
 * Values as staff type them into the console's forms ("1,000", "₹ 750.50", "12"), read into
 * numbers or into the sentence that says what to type instead. Each form reads every field and
 * names every mistake at its field at once.
 */

/** A field's value, or its message. */
export type Read<T> = { value: T } | { problem: string };

/** Rupees as typed, without the sign, commas and spaces: "₹ 1,000.50" → "1000.50". */
export const plainNumber = (text: string) => text.replace(/[₹,\s]/g, "");

/** Rupees to two decimals, up to 99,99,999.99, in paise; empty is null. */
export function optionalRupees(typed: string, problem: string): Read<number | null> {
  const text = plainNumber(typed);
  if (text === "") return { value: null };
  return /^\d{1,7}(\.\d{1,2})?$/.test(text) ? { value: Math.round(Number(text) * 100) } : { problem };
}

/** A whole number from 1 to 99,99,999; empty is null. */
export function optionalCount(typed: string, problem: string): Read<number | null> {
  const text = typed.trim();
  if (text === "") return { value: null };
  return /^\d{1,7}$/.test(text) && Number(text) >= 1 ? { value: Number(text) } : { problem };
}

/** A whole number from 0 to 99,99,999 (a stock count); empty is null. */
export function optionalStock(typed: string, problem: string): Read<number | null> {
  const text = plainNumber(typed);
  if (text === "") return { value: null };
  return /^\d{1,7}$/.test(text) ? { value: Number(text) } : { problem };
}

/** The value read, or null where the field had a problem (already reported). */
export const readValue = <T>(outcome: Read<T>): T | null => ("value" in outcome ? outcome.value : null);

/** The fields a form answered and their first messages, when it does not parse. */
export function formProblems(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
  return fields;
}
