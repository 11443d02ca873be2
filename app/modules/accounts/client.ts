/** The browser's side of the account Store API. */
import { csrfHeaders } from "../security/csrf";

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

export async function accountApi<T>(path: string, method = "GET", body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? { ...csrfHeaders() } : { "Content-Type": "application/json", ...csrfHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, data: data as T };
    return {
      ok: false,
      status: response.status,
      error: typeof data.error === "string" ? data.error : "",
      fields: data.fields as Record<string, string> | undefined,
    };
  } catch {
    return { ok: false, status: 0, error: "" };
  }
}
