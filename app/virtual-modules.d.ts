/** Each standalone page's built files (scripts/vite-standalone-entry.ts); null in development. */
declare module "virtual:mandi/standalone-entry" {
  const entry: Record<"home" | "product", { module: string; imports: string[] }> | null;
  export default entry;
}
