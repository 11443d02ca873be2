import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageCache, isMediaCrop, isMediaWidth, toWebp } from "./resize.server";

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

  it("crops a thumbnail to the picture's middle, square, so a pack in a wide margin fills it", async () => {
    // A 600 x 400 picture: white, a black square of 240 in its middle.
    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .composite([
        {
          input: await sharp({ create: { width: 240, height: 240, channels: 3, background: "#000" } })
            .png()
            .toBuffer(),
          left: 180,
          top: 80,
        },
      ])
      .png()
      .toBuffer();
    const thumbnail = await toWebp(picture, 160, "centre");
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: "webp", width: 160, height: 160 });
    // The middle 68% of 400 px (272) holds the 240 px square: over three quarters of it is
    // black, against a third of the whole picture's height squared.
    const { channels } = await sharp(thumbnail).stats();
    expect(channels[0]?.mean ?? 255).toBeLessThan(255 * 0.3);
    expect(isMediaCrop("centre")).toBe(true);
    expect(isMediaCrop("top")).toBe(false);
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
