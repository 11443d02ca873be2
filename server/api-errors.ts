/** What the server answers when something breaks inside it. */
export const SERVER_ERROR = "Something went wrong on our side. Please try again.";

/**
 * An API error in the API's one shape, { error }: the routes answer so themselves, but an error
 * thrown inside one reaches here as React Router's own answer ({"message": ...} or plain text).
 */
export async function apiErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (/^application\/json\b/.test(response.headers.get("content-type") ?? "")) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === "string") return response;
  }
  await response.body?.cancel();
  const error = response.status >= 500 ? SERVER_ERROR : `The request was refused (${response.status}).`;
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ error }), { status: response.status, headers });
}
