import { isServerCsrfToken } from "../modules/security/csrf.server";

/**
 * An answer's bytes cut where its per-response secrets stand (the CSP nonce, the anti-forgery
 * token), so that they can be sent again with another response's: cached pages (server/page-cache.ts,
 * ADR 0018) and cached parts of pages (kept-parts.server.ts, ADR 0030).
 */
export type SecretName = "nonce" | "csrf";
export type Secrets = Record<SecretName, string>;
const SECRET_NAMES: readonly SecretName[] = ["nonce", "csrf"];

export interface CutBody {
  /** The bytes between the secrets: pieces[0], the secret slots[0], pieces[1], ... */
  pieces: Buffer[];
  slots: SecretName[];
}

/**
 * Whether these secrets can be cut out and put back safely: each goes into a page as it is,
 * unescaped, and is found by its bytes. The nonce is always the server's; a token from the
 * browser's cookie that this server could not have made (a short or common word, markup) would
 * cut a page apart elsewhere, or put markup in the next one.
 */
export function secretsCanBeCut(secrets: Secrets): boolean {
  return secrets.csrf === "" || isServerCsrfToken(secrets.csrf);
}

/** Cuts `body` at every place one of the response's secrets stands. */
export function cutSecrets(body: Buffer, secrets: Secrets): CutBody {
  const marks: Array<{ at: number; end: number; name: SecretName }> = [];
  for (const name of SECRET_NAMES) {
    const needle = Buffer.from(secrets[name]);
    if (needle.length === 0) continue;
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) {
      marks.push({ at, end: at + needle.length, name });
    }
  }
  marks.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  const slots: SecretName[] = [];
  let from = 0;
  for (const mark of marks) {
    if (mark.at < from) continue;
    pieces.push(body.subarray(from, mark.at));
    slots.push(mark.name);
    from = mark.end;
  }
  pieces.push(body.subarray(from));
  return { pieces, slots };
}

/** The bytes again, as chunks to join, with these secrets where the first response's stood. */
export function joinSecrets(cut: CutBody, secrets: Secrets): Buffer[] {
  if (cut.slots.length === 0) return cut.pieces;
  const chunks: Buffer[] = [];
  cut.pieces.forEach((piece, i) => {
    chunks.push(piece);
    const slot = cut.slots[i];
    if (slot !== undefined) chunks.push(Buffer.from(secrets[slot]));
  });
  return chunks;
}
