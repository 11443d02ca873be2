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

export const NUL_MESSAGE = "The request holds a NUL character, which no field may hold.";

/**
 * Reads a body of at most maxBytes. A larger body is refused with 413 as soon as it is known
 * to be larger (by Content-Length, else while reading), never buffered whole: a chunked body
 * says nothing of its size until it has been read.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge = TOO_LARGE_MESSAGE,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, response: jsonError(413, tooLarge) };
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
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
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/**
 * Reads a JSON body of at most maxBytes (see readBody): 415 for another content type, 400 for
 * a body that is not JSON or holds a NUL character (PostgreSQL refuses text holding one).
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
  const body = await readBody(request, maxBytes, tooLarge);
  if (!body.ok) return body;
  const text = body.bytes.toString("utf8");
  if (text.includes("\0") || text.includes("\\u0000")) return { ok: false, response: jsonError(400, NUL_MESSAGE) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, NOT_JSON_MESSAGE) };
  }
}

/** The types a plain HTML form posts. */
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export const NOT_FORM_MESSAGE = "The request body must be a form.";

/**
 * A form body of at most maxBytes, or the answer to give instead: 415 for another content
 * type, 400 for a form that cannot be read or holds a NUL character.
 */
export async function readFormBody(
  request: Request,
  maxBytes = 16 * 1024,
): Promise<{ ok: true; form: FormData } | { ok: false; response: Response }> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPE.test(type)) return { ok: false, response: plainError(415, NOT_FORM_MESSAGE) };
  const body = await readBody(request, maxBytes);
  if (!body.ok) return body;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body.bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    return { ok: false, response: plainError(400, "The form could not be read.") };
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\0")) return { ok: false, response: plainError(400, NUL_MESSAGE) };
  }
  return { ok: true, form };
}

/** A short text answer, for requests made by forms and links rather than scripts. */
export function plainError(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
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
