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
export async function toWebp(bytes: Buffer, width: number, crop: MediaCrop | null = null): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  // A crop keeps the middle of the picture, so it is rendered larger before it is cut.
  const drawn = crop ? Math.ceil(width / (1 - 2 * CENTRE_INSET)) : width;
  const density =
    meta.format === "svg" && meta.width
      ? Math.min(2400, Math.max(72, Math.ceil((72 * drawn) / meta.width)))
      : undefined;
  if (!crop) {
    return sharp(bytes, density ? { density } : {})
      .resize({ width, withoutEnlargement: meta.format !== "svg" })
      .webp({ quality: 78 })
      .toBuffer();
  }
  // The picture's centre, square: a pack or a photo's subject fills a small thumbnail instead
  // of sitting small in its margin (a 48 px cart line showed a green rectangle, issue 60).
  const { data, info } = await sharp(bytes, density ? { density } : {})
    .rotate()
    .toBuffer({ resolveWithObject: true });
  const side = Math.min(info.width, info.height);
  const kept = Math.max(1, Math.round(side * (1 - 2 * CENTRE_INSET)));
  return sharp(data)
    .extract({
      left: Math.round((info.width - kept) / 2),
      top: Math.round((info.height - kept) / 2),
      width: kept,
      height: kept,
    })
    .resize({ width, height: width, withoutEnlargement: meta.format !== "svg" })
    .webp({ quality: 78 })
    .toBuffer();
}

/** How much of each side a centre crop leaves out. */
const CENTRE_INSET = 0.16;

/** The crops the media route makes: `centre`, a square thumbnail of the picture's middle. */
export type MediaCrop = "centre";

export function isMediaCrop(value: string): value is MediaCrop {
  return value === "centre";
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
