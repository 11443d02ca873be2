import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * The built client files, read once at start-up and kept in memory with their gzip and
 * brotli forms (a few hundred KB). Hashed files under /assets/ never change: they are
 * cached for a year as immutable; anything else is revalidated by ETag.
 */

export interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(type: string): boolean {
  return COMPRESSIBLE.test(type);
}

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const url = `/${path.relative(root, full).split(path.sep).join("/")}`;
      const body = readFileSync(full);
      const type = TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
      const worth = isCompressible(type) && body.length > 1024;
      files.set(url, {
        body,
        gzip: worth ? gzipSync(body, { level: 9 }) : null,
        br: worth ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
        type,
        etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
        immutable: url.startsWith("/assets/"),
      });
    }
  };
  walk(root);
  return files;
}

/** The best encoding the client accepts: br, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}
