import type { Env } from "../../env.server";

/** Cookies are Secure (and may take the __Host- prefix) when the store is served over HTTPS. */
export function secureCookies(env: Pick<Env, "PUBLIC_URL">): boolean {
  return env.PUBLIC_URL?.startsWith("https://") ?? false;
}
