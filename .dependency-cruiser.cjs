/**
 * The layers of docs/architecture.md, checked by `npm run lint` (dependency-cruiser). Each rule
 * names what a layer may not import; tests may import what they test from any layer.
 */
const notTests = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "db-imports-nothing-above",
      comment: "The schema and the database client stand alone: column types live in app/db.",
      severity: "error",
      from: { path: "^app/db/", pathNot: notTests },
      to: { path: "^(app/(modules|platform|components|routes|standalone|root|entry)|server/)" },
    },
    {
      name: "modules-are-the-domain",
      comment: "Business modules know nothing of rendering, pages or the process.",
      severity: "error",
      from: { path: "^app/modules/", pathNot: notTests },
      to: { path: "^(app/(platform|components|routes|standalone|root|entry)|server/)" },
    },
    {
      name: "platform-knows-no-page",
      comment: "The rendering machinery serves every page and knows none of them.",
      severity: "error",
      from: { path: "^app/platform/", pathNot: notTests },
      to: { path: "^(app/(components|routes|standalone|root|entry)|server/)" },
    },
    {
      name: "components-know-no-route",
      comment: "Components are given their data; routes and the process use them, not the reverse.",
      severity: "error",
      from: { path: "^app/components/", pathNot: notTests },
      to: { path: "^(app/(routes|standalone|entry)|server/)" },
    },
    {
      name: "components-read-only-the-root-loaders-type",
      comment: "A component may name the root loader's data type (erased at build), never import the root route.",
      severity: "error",
      from: { path: "^app/components/", pathNot: notTests },
      to: { path: "^app/root\\.tsx$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-knows-no-process",
      comment: "The application is a module the process (server/) loads; it does not reach back.",
      severity: "error",
      from: { path: "^app/", pathNot: notTests },
      to: { path: "^server/" },
    },
    {
      name: "no-cycles-below-components",
      comment: "Modules, the platform and the database import each other one way only.",
      severity: "error",
      from: { path: "^app/(modules|platform|db)/", pathNot: notTests },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
