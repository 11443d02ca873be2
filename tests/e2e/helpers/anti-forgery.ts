/**
 * The headers a script on the store's own pages sends with a mutating request: the anti-forgery
 * cookie the home page sets, echoed in X-CSRF-Token, plus X-Requested-With. For tests that call
 * a spawned server with fetch.
 */
export async function antiForgery(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/`);
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("mandi_csrf="));
  const token = cookie?.split(";")[0]?.split("=")[1];
  if (!token) throw new Error("no anti-forgery cookie");
  return {
    Cookie: `mandi_csrf=${token}`,
    "X-CSRF-Token": token,
    "X-Requested-With": "XMLHttpRequest",
    "Content-Type": "application/json",
  };
}
