/**
 * Where the store may call out to (a webhook, a photo an import names): https anywhere, or http
 * to this machine (a shop's tool beside it). Anything else is refused with the reason, so an
 * owner's typo or a stolen session cannot point the store's order data at a plain-text address.
 */
export function outboundUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full address, like https://tools.example.in/mandi.";
  }
  if (url.username || url.password) return "Leave the user name and password out of the address.";
  if (url.protocol === "https:") return null;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol === "http:" && loopback) return null;
  return "Use an https address (http only to this machine).";
}
