import type { Env } from "../../env.server";

/** The store's public origin for absolute links: PUBLIC_URL when set, else the request's own. */
export function siteOrigin(request: Request, env: Pick<Env, "PUBLIC_URL">): string {
  return (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");
}
