import { readFileSync } from "node:fs";
import { minifySync, transformSync } from "rolldown/utils";
import type { Plugin } from "vite";

const SUFFIX = "?inline-script";

/**
 * `import source from "./file.ts?inline-script"`: the one function the file exports, as the
 * minified text of a function expression, for a script written inline into every page (the
 * first script of ADR 0015). Written out of `fn.toString()` it went unminified: 1.3 KB of each
 * page compressed, which pushed home past the 14 KB a first round trip carries.
 */
export function inlineScript(): Plugin {
  return {
    name: "mandi:inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const js = transformSync(file, readFileSync(file, "utf8"), { lang: "ts" }).code;
      const declaration = /^export function /m;
      if (!declaration.test(js) || /^(import|export) (?!function )/m.test(js)) {
        this.error(`${file} must export one function and import nothing to be an inline script`);
      }
      // Only whitespace and local names change: the function's code stays as written.
      const { code, errors } = minifySync("inline.js", `(${js.replace(declaration, "function ")})`, {
        compress: false,
        mangle: true,
      });
      if (errors.length > 0) this.error(errors.map((e) => e.message).join("\n"));
      return `export default ${JSON.stringify(code.trim().replace(/^\(|\);?$/g, ""))};`;
    },
  };
}
