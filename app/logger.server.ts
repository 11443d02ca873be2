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
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...bound };
      for (const [k, v] of Object.entries(fields)) entry[k] = serialise(v);
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
