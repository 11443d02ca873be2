import sharp from "sharp";

/** Widths the media route renders; any other ?w= is refused so the cache stays bounded. */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

export function isMediaWidth(w: number): w is (typeof MEDIA_WIDTHS)[number] {
  return (MEDIA_WIDTHS as readonly number[]).includes(w);
}

/**
 * A stored image as WebP at a width (never enlarged beyond a photo's own width). SVG art is
 * rendered at the density the width needs, so it stays sharp.
 */
export async function toWebp(bytes: Buffer, width: number): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  const density =
    meta.format === "svg" && meta.width
      ? Math.min(2400, Math.max(72, Math.ceil((72 * width) / meta.width)))
      : undefined;
  return sharp(bytes, density ? { density } : {})
    .resize({ width, withoutEnlargement: meta.format !== "svg" })
    .webp({ quality: 78 })
    .toBuffer();
}

/**
 * Resized images kept in memory, least recently used out first, within a byte budget. Each
 * process keeps its own: they are derived from the database and cheap to make again.
 */
export class ImageCache {
  private entries = new Map<string, Buffer>();
  private pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly budget = 64 * 1024 * 1024) {}

  async get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const job = make().then((buffer) => {
      this.put(key, buffer);
      return buffer;
    });
    this.pending.set(key, job);
    try {
      return await job;
    } finally {
      this.pending.delete(key);
    }
  }

  private put(key: string, buffer: Buffer): void {
    if (buffer.length === 0 || buffer.length > this.budget) return;
    this.entries.set(key, buffer);
    this.bytes += buffer.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
