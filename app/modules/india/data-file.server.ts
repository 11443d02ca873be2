import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../project-root.server";

/**
 * A file of the offline India data (data/README.md), read on first use and kept in memory:
 * the server needs it for some requests only, and never in the browser.
 */
export function dataFile<T>(name: string): () => T {
  let kept: T | undefined;
  return () => {
    kept ??= JSON.parse(readFileSync(path.join(projectRoot(), "app/modules/india/data", name), "utf8")) as T;
    return kept;
  };
}
