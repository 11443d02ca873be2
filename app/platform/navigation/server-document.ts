import { createContext, type ReactNode } from "react";
import type { StandalonePage } from "./standalone";

export type RenderStandaloneScripts = (
  page: StandalonePage,
  root: unknown,
  route: Record<string, unknown>,
) => ReactNode | null;

/**
 * What only the server's document render has (app/entry.server.tsx provides it): the scripts of
 * a standalone page (ADR 0024), with the response's nonce, or null when the build has no entry
 * for that page (development, or a page not yet in vite.config.ts): it then runs with React Router. Absent in the browser, so a page rendered there (React Router's
 * client-side navigation) always runs with React Router, and the browser's root module does not
 * carry the server's script writer.
 */
export interface ServerDocument {
  /**
   * The standalone page this document is, decided once before it renders
   * (app/platform/navigation/handoff.server.ts, which also leaves React Router's data for its
   * browser runtime out); null: the page runs with React Router.
   */
  standalonePage: StandalonePage | null;
  standaloneScripts: RenderStandaloneScripts;
}

export const ServerDocumentContext = createContext<ServerDocument | null>(null);
