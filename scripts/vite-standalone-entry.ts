import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { OutputBundle } from "rolldown";
import type { Plugin, ResolvedConfig } from "vite";

const VIRTUAL_ID = "virtual:mandi/standalone-entry";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** Beside build/client and build/server: what the client build made, for the server build. */
const RECORD = "standalone-entry.json";

/**
 * The standalone pages' entries (ADR 0024), one per page, are more inputs of React Router's
 * client build, so they share that build's chunks (React, the shared components) with the other
 * pages. The client build records each entry's module and the modules it imports; the server
 * build reads that record as `virtual:mandi/standalone-entry`, which the document render uses to
 * write the page's scripts. In development there is no record: every page runs with React Router.
 */
export function standaloneEntries(entries: Record<string, string>): Plugin {
  let config: ResolvedConfig;
  const entryPaths = () =>
    Object.entries(entries).map(([page, file]) => [page, path.resolve(config.root, file)] as const);
  const recordPath = () => path.resolve(config.root, config.build.outDir, "..", RECORD);
  return {
    name: "mandi:standalone-entry",
    configResolved(resolved) {
      config = resolved;
    },
    options(options) {
      if (config.command !== "build" || config.build.ssr) return null;
      const input = options.input;
      if (!Array.isArray(input))
        throw new Error("mandi:standalone-entry expects React Router's client inputs as a list");
      return { ...options, input: [...input, ...entryPaths().map(([, file]) => file)] };
    },
    writeBundle(_output, bundle) {
      if (config.build.ssr) return;
      const record: Record<string, { module: string; imports: string[] }> = {};
      for (const [page, file] of entryPaths()) {
        const files = entryFiles(bundle, file, config.base);
        if (!files) this.error(`the client build has no chunk for ${file}`);
        record[page] = files;
      }
      writeFileSync(recordPath(), `${JSON.stringify(record, null, 2)}\n`);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (config.command !== "build") return "export default null;";
      const file = recordPath();
      if (!existsSync(file)) this.error(`${file} is missing: the client build writes it before the server build`);
      return `export default ${readFileSync(file, "utf8").trim()};`;
    },
  };
}

/** The entry chunk's address and, in load order, every chunk it imports statically. */
function entryFiles(
  bundle: OutputBundle,
  entryPath: string,
  base: string,
): { module: string; imports: string[] } | null {
  const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
  const chunk = chunks.find((c) => c.isEntry && c.facadeModuleId === entryPath);
  if (!chunk) return null;
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const imported of chunk.imports) visit(imported);
  return { module: `${base}${chunk.fileName}`, imports: [...seen].map((file) => `${base}${file}`) };
}
