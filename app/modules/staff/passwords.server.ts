import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Staff passwords, hashed with Node's scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1:
 * 128 MiB and about a quarter of a second a hash), so no native package is needed (ADR 0054).
 * The stored form names its parameters, so they can be raised later and old hashes still check.
 */

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const memoryFor = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024;

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`, base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: memoryFor(N, R) });
  return `scrypt$${Math.log2(N)}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, key] = stored.split("$");
  if (kind !== "scrypt" || !logN || !r || !p || !salt || !key) return false;
  const n = 2 ** Number(logN);
  const expected = Buffer.from(key, "base64url");
  const given = await derive(password, Buffer.from(salt, "base64url"), {
    N: n,
    r: Number(r),
    p: Number(p),
    maxmem: memoryFor(n, Number(r)),
  });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A hash of nothing anyone knows: an unknown email is checked against it, so it costs as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("base64url"));
  return decoy;
}
