import type { z } from "zod";

/** JSON in and out of the Store API, with limits and clear messages. */

export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  retryAfterSeconds?: number,
): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return Response.json({ error, ...extra }, { status, headers });
}

export const TOO_LARGE_MESSAGE = "The request is too large.";

export const NOT_JSON_MESSAGE = "The request body must be JSON.";

/**
 * Reads a JSON body of at most maxBytes. A larger body is refused with 413 as soon as it is
 * known to be larger (by Content-Length, else while reading), never buffered whole.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  tooLarge = TOO_LARGE_MESSAGE,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, response: jsonError(413, tooLarge) };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) return { ok: false, response: jsonError(415, NOT_JSON_MESSAGE) };
  if (!request.body) return { ok: false, response: jsonError(400, NOT_JSON_MESSAGE) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return { ok: false, response: jsonError(413, tooLarge) };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, response: jsonError(400, NOT_JSON_MESSAGE) };
  }
}

/** The first problem of a failed parse as one sentence, and every field's first message. */
export function validationError(error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    if (!(key in fields)) fields[key] = issue.message;
  }
  const first = error.issues[0];
  return jsonError(422, first?.message ?? "The request is not valid.", { fields });
}
