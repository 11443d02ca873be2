declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";

  const build: ServerBuild;
  export = build;
}

/** A module's one exported function as minified source text (scripts/vite-inline-script.ts). */
declare module "*?inline-script" {
  const source: string;
  export default source;
}
