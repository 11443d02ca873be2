/** One JSON object a line on stdout: easy to read, easy to ship to any log store. */

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger that puts these fields on every line it writes: a request's id (issue 61). */
  child(fields: Record<string, unknown>): Logger;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/**
 * What no log line carries (issue 61): logs are read by more people, kept longer and sent further
 * than the database. A field named as a secret (a code, a token, a password, a cookie) is
 * replaced whole; a phone number, wherever it stands in a text, keeps its last 4 digits; an email
 * address keeps its first letter and domain; a query's secret parameters lose their values.
 */
const SECRET_FIELD = /^(code|otp|pin|key)$|(token|secret|password|passphrase|authorization|cookie|signature|apikey)$/i;
const PHONE_FIELD = /phone|mobile/i;
// Ten digits starting 6-9, as an Indian mobile is written: with +91 or 0, grouped by spaces or dashes.
// Ending a word: digits running on into letters (a request id's "…-9123-456797f27723") are an id.
const PHONE = /(?<![\w+])(?:(?:\+|00)?91[\s-]?|0)?([6-9](?:[\s-]?\d){9})(?!\w)/g;
const EMAIL = /\b([a-z0-9._%+-])[a-z0-9._%+-]*@([a-z0-9.-]+\.[a-z]{2,})\b/gi;
const SECRET_PARAMETER = /([?&](?:token|code|otp|key|phone|secret|password|signature)=)[^&#\s"]*/gi;

export const REDACTED = "[redacted]";

function maskPhone(digits: string): string {
  const bare = digits.replace(/\D/g, "");
  return `******${bare.slice(-4)}`;
}

function redactText(text: string): string {
  return text
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(PHONE, (_whole, number: string) => maskPhone(number))
    .replace(EMAIL, "$1***@$2");
}

/** A value as it may be written: secrets out, phones and emails masked, at any depth. */
export function redact(value: unknown, field = "", depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (field && SECRET_FIELD.test(field)) return REDACTED;
  if (typeof value === "string") {
    if (field && PHONE_FIELD.test(field)) return maskPhone(value);
    return redactText(value);
  }
  if (typeof value === "number" && field && PHONE_FIELD.test(field)) return maskPhone(String(value));
  if (typeof value !== "object" || value instanceof Date || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, "", depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(serialise(value) as Record<string, unknown>)) {
    out[key] = redact(item, key, depth + 1);
  }
  return out;
}

export function createLogger(
  level: LogLevel = "info",
  write: (line: string) => void = (l) => process.stdout.write(l),
  bound: Record<string, unknown> = {},
): Logger {
  const min = LEVELS[level];
  const log =
    (lvl: Exclude<LogLevel, "silent">) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[lvl] < min) return;
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg: redactText(msg) };
      for (const [k, v] of Object.entries(bound)) entry[k] = redact(v, k);
      for (const [k, v] of Object.entries(fields)) entry[k] = redact(serialise(v), k);
      write(`${JSON.stringify(entry)}\n`);
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (fields) => createLogger(level, write, { ...bound, ...fields }),
  };
}
