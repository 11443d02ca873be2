/** The standalone entry's built files (scripts/vite-standalone-entry.ts); null in development. */
declare module "virtual:mandi/standalone-entry" {
  const entry: { module: string; imports: string[] } | null;
  export default entry;
}
