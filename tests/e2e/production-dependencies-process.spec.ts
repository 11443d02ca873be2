import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { init, parse } from "es-module-lexer";

/**
 * A production install (`npm install --omit=dev`) runs the build: every package the server's
 * build imports must be a production dependency, or `npm start` fails on a real server while
 * every test here, with dev dependencies installed, passes.
 */

const root = path.resolve(import.meta.dirname, "../..");

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

test("the server's build imports only Node's modules and production dependencies", async () => {
  await init;
  const production = JSON.parse(
    execFileSync("npm", ["ls", "--omit=dev", "--all", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 }),
  ) as { dependencies?: Record<string, { dependencies?: Record<string, unknown> }> };
  const installed = new Set<string>();
  const visit = (dependencies: Record<string, { dependencies?: Record<string, unknown> }> | undefined) => {
    for (const [name, info] of Object.entries(dependencies ?? {})) {
      installed.add(name);
      visit(info.dependencies as Record<string, { dependencies?: Record<string, unknown> }> | undefined);
    }
  };
  visit(production.dependencies);

  const serverBuild = path.join(root, "build/server");
  const files = readdirSync(serverBuild, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
  expect(files.length).toBeGreaterThan(0);
  const missing = new Set<string>();
  for (const file of files) {
    const [imports] = parse(readFileSync(path.join(serverBuild, file), "utf8"));
    for (const { n: specifier } of imports) {
      if (!specifier || specifier.startsWith(".") || specifier.startsWith("/")) continue;
      if (specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
      if (!installed.has(packageName(specifier))) missing.add(`${packageName(specifier)} (in ${file})`);
    }
  }
  expect([...missing]).toEqual([]);
});
