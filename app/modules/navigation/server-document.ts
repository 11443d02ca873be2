import { createContext, type ReactNode } from "react";
import type { StandalonePage } from "./standalone";

export type RenderStandaloneScripts = (
  page: StandalonePage,
  root: unknown,
  route: Record<string, unknown>,
) => ReactNode;

/**
 * What only the server's document render has (app/entry.server.tsx provides it): the scripts of
 * a standalone page (ADR 0024), with the response's nonce, or null when the build has no
 * standalone entry (development). Absent in the browser, so a page rendered there (React Router's
 * client-side navigation) always runs with React Router, and the browser's root module does not
 * carry the server's script writer.
 */
export interface ServerDocument {
  standaloneScripts: RenderStandaloneScripts | null;
}

export const ServerDocumentContext = createContext<ServerDocument | null>(null);
