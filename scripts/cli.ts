import { type Database, openDatabase } from "../app/db/client.server";
import { ConfigError, type Env, parseEnv } from "../app/env.server";

/** Shared by the command-line scripts: configuration, database, and readable failures. */

export function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Opens the configured database, or exits with the reason (e.g. the data folder is in use). */
export async function openFromEnv(env: Env): Promise<Database> {
  try {
    return await openDatabase(
      env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { kind: "pglite", dataDir: env.DATA_DIR },
    );
  } catch (error) {
    fail((error as Error).message);
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** --name value and --flag options; everything else is positional. */
export function parseArgs(argv: string[]): { options: Map<string, string | true>; positional: string[] } {
  const options = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg.startsWith("--")) {
      const [name = "", inline] = arg.slice(2).split("=", 2);
      const next = argv[i + 1];
      if (inline !== undefined) options.set(name, inline);
      else if (next !== undefined && !next.startsWith("--")) {
        options.set(name, next);
        i++;
      } else options.set(name, true);
    } else positional.push(arg);
  }
  return { options, positional };
}
