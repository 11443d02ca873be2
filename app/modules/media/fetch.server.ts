import { outboundUrlProblem } from "../http/outbound-url";
import { PermanentJobError } from "../jobs/backoff";
import { MAX_UPLOAD_BYTES } from "./upload.server";

/**
 * Downloads a photo that an import names by link (issue 56), so that the store keeps its own
 * copy instead of showing another site's file. The link must be https (or http to this machine,
 * the rule for every address the store calls out to); each redirect is checked by the same rule,
 * at most three are followed, the whole answer is at most 10 MB and 20 seconds. An answer that
 * trying again cannot change (404, not allowed, too large) is a PermanentJobError; an outage or
 * a rate limit is an ordinary error, so the job queue tries again later.
 */

export const PHOTO_FETCH_TIMEOUT_MS = 20_000;
const MOST_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Answers a server may give while it is busy or down: worth asking again later. */
const TRY_AGAIN = new Set([408, 425, 429]);

export async function downloadPhoto(link: string, signal: AbortSignal): Promise<Buffer> {
  let address = link;
  for (let redirects = 0; ; redirects++) {
    const problem = outboundUrlProblem(address);
    if (problem) throw new PermanentJobError(`${address}: ${problem}`);
    const response = await fetch(address, {
      redirect: "manual",
      signal: AbortSignal.any([signal, AbortSignal.timeout(PHOTO_FETCH_TIMEOUT_MS)]),
      headers: {
        accept: "image/webp,image/jpeg,image/png,image/avif,image/*;q=0.8",
        "user-agent": "Mandi photo import",
      },
    });
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (!location) throw new PermanentJobError(`${address} answered ${response.status} without saying where to.`);
      if (redirects >= MOST_REDIRECTS) {
        throw new PermanentJobError(`${link} redirects more than ${MOST_REDIRECTS} times: use the photo's own link.`);
      }
      address = new URL(location, address).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const message = `${address} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`;
      if (response.status >= 500 || TRY_AGAIN.has(response.status)) throw new Error(message);
      throw new PermanentJobError(`${message} Check the link in the products file and import it again.`);
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_UPLOAD_BYTES) {
      await response.body?.cancel();
      throw new PermanentJobError(`${link} is larger than 10 MB: link a smaller photo.`);
    }
    return readAtMost(response, link);
  }
}

/** The body, refused as soon as it passes 10 MB, whatever its Content-Length said. */
async function readAtMost(response: Response, link: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_UPLOAD_BYTES) throw new PermanentJobError(`${link} is larger than 10 MB: link a smaller photo.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
