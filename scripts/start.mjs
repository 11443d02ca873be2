#!/usr/bin/env node
// `npm start`: builds the app when there is no build yet (a fresh clone) or it is older than
// the sources, then serves it. A production install (`npm install --omit=dev`) has no builder:
// it serves the build it was given, and says so.
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

const builder = path.join(root, "node_modules/@react-router/dev/bin.js");
const built = existsSync(entry);
if (!existsSync(builder)) {
  if (!built) {
    process.stderr.write(
      "There is no build to serve, and the builder is not installed (a production install).\n" +
        "Build first where dev dependencies are installed: npm install && npm run build\n",
    );
    process.exit(1);
  }
  process.stdout.write("Serving the build in build/ (dev dependencies are not installed, so it is not rebuilt).\n");
} else if (!built || newestSource() > statSync(entry).mtimeMs || process.argv.includes("--build")) {
  // Build on a fresh clone, and again whenever a source is newer than the build.
  process.stdout.write("Building Mandi...\n");
  const result = spawnSync(process.execPath, [builder, "build"], {
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
