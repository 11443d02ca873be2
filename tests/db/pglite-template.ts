import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpDatabase, openDatabase } from "../../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database, which each test file opens a copy of. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup: one PGlite database per run, migrated, dumped to a file. A new PGlite
 * database runs initdb and every migration, several seconds of CPU (half a minute on a slow
 * machine); a copy of the dump opens in a fraction of that. The migrations still run from
 * nothing once per run, here.
 */
export async function setup(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ kind: "pglite-memory" });
  let dump: Blob;
  try {
    dump = await dumpDatabase(database);
  } finally {
    await database.close();
  }
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-pglite-template-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
