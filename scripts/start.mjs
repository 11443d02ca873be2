#!/usr/bin/env node
// `npm start`: builds the app when there is no build yet (a fresh clone) or it is older than
// the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, "build/server/index.js");

/** Newest modification time among the sources the build is made from. */
function newestSource() {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"]) {
    visit(path.join(root, p));
  }
  return newest;
}

// Build on a fresh clone, and again whenever a source is newer than the build.
const stale = !existsSync(entry) || newestSource() > statSync(entry).mtimeMs;
if (stale || process.argv.includes("--build")) {
  process.stdout.write("Building Mandi...\n");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    process.stderr.write("The build failed; see the messages above.\n");
    process.exit(result.status ?? 1);
  }
}
// React and React Router choose their development builds unless told otherwise, which would
// make every page several times slower. Mandi's own default is production too (.env.example).
process.env.NODE_ENV ??= "production";
const { main } = await import(pathToFileURL(entry).href);
await main();
