import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageCache, isMediaWidth, toWebp } from "./resize.server";

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#1a7f37"/></svg>',
);

describe("toWebp", () => {
  it("renders SVG art as WebP at the asked width", async () => {
    const out = await sharp(await toWebp(svg, 320)).metadata();
    expect(out).toMatchObject({ format: "webp", width: 320, height: 320 });
  });

  it("never enlarges a photo", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const out = await sharp(await toWebp(png, 960)).metadata();
    expect(out).toMatchObject({ format: "webp", width: 200, height: 100 });
  });
});

describe("ImageCache", () => {
  it("makes each image once and drops the least recently used beyond its budget", async () => {
    const cache = new ImageCache(10);
    let made = 0;
    const make = (n: number) => async () => {
      made++;
      return Buffer.alloc(n);
    };
    await Promise.all([cache.get("a", make(4)), cache.get("a", make(4))]);
    expect(made).toBe(1);
    await cache.get("b", make(4));
    await cache.get("a", make(4)); // a is now the most recent
    await cache.get("c", make(4)); // over budget: b goes
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    await cache.get("b", make(4));
    expect(made).toBe(4);
  });
});

it("accepts only the widths pages ask for", () => {
  expect(isMediaWidth(320)).toBe(true);
  expect(isMediaWidth(321)).toBe(false);
});
