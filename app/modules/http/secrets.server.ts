/**
 * An answer's bytes cut where its per-response secrets stand (the CSP nonce, the anti-forgery
 * token), so that they can be sent again with another response's: kept pages (server/page-cache.ts,
 * ADR 0018) and kept parts of pages (kept-parts.server.ts, ADR 0030).
 */
export interface CutBody<Name> {
  /** The bytes between the secrets: pieces[0], the secret slots[0], pieces[1], ... */
  pieces: Buffer[];
  slots: Name[];
}

/** Cuts `body` at every place one of `secrets` (each a name and its value) stands. */
export function cutSecrets<Name>(body: Buffer, secrets: readonly (readonly [Name, string])[]): CutBody<Name> {
  const marks: Array<{ at: number; end: number; name: Name }> = [];
  for (const [name, value] of secrets) {
    const needle = Buffer.from(value);
    if (needle.length === 0) continue;
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) {
      marks.push({ at, end: at + needle.length, name });
    }
  }
  marks.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  const slots: Name[] = [];
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

/** The bytes again, as chunks to join, with `secretOf` each secret where the first response's stood. */
export function joinSecrets<Name>(cut: CutBody<Name>, secretOf: (name: Name) => string): Buffer[] {
  if (cut.slots.length === 0) return cut.pieces;
  const chunks: Buffer[] = [];
  cut.pieces.forEach((piece, i) => {
    chunks.push(piece);
    const slot = cut.slots[i];
    if (slot !== undefined) chunks.push(Buffer.from(secretOf(slot)));
  });
  return chunks;
}
