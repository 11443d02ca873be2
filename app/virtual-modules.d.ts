/** Each standalone page's built files (scripts/vite-standalone-entry.ts); null in development. */
declare module "virtual:mandi/standalone-entry" {
  const entry: Record<string, { module: string; imports: string[] } | undefined> | null;
  export default entry;
}
