import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../project-root.server";

/**
 * The offline India pincode directory (GeoNames, CC BY 4.0; see data/README.md): pincode ->
 * state(s) and district(s). Loaded on first use and kept in memory (about 2 MB).
 */

interface DirectoryFile {
  states: string[];
  districts: string[];
  pins: Record<string, [number[], number[]]>;
}

let directory: DirectoryFile | undefined;

function load(): DirectoryFile {
  directory ??= JSON.parse(
    readFileSync(path.join(projectRoot(), "app/modules/india/data/india-pincodes.json"), "utf8"),
  ) as DirectoryFile;
  return directory;
}

export function allPincodes(): string[] {
  return Object.keys(load().pins);
}
